"""Settings of the sign-in tests' OAuth2 server (127.0.0.1 only, throwaway SQLite)."""
import os

BASE_DIR = os.environ.get("ROWBOAT_OAUTH_DIR", "/tmp")
SECRET_KEY = "rowboat-tests-only-not-a-secret"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1"]
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "oauth2_provider",
    "rowboat_oauth",
]
MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]
ROOT_URLCONF = "urls"
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
}]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(BASE_DIR, "oauth.sqlite3")}}
USE_TZ = True
LOGIN_URL = "/test/login"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast: tests only

OAUTH2_PROVIDER = {
    "PKCE_REQUIRED": True,
    "ROTATE_REFRESH_TOKEN": True,
    "ACCESS_TOKEN_EXPIRE_SECONDS": 3600,
    "SCOPES": {"read": "Read items", "write": "Change items"},
    "DEFAULT_SCOPES": ["read"],
    # The device grant (RFC 8628): where the person goes, how often to poll.
    "OAUTH_DEVICE_VERIFICATION_URI": "http://127.0.0.1/o/device/",  # rowboat_serve sets the port
    "DEVICE_FLOW_INTERVAL": 1,
}

# Errors (and, with ROWBOAT_OAUTH_DEBUG=1, oauthlib's reasons) on stderr.
LOGGING = {
    "version": 1,
    "handlers": {"stderr": {"class": "logging.StreamHandler"}},
    "loggers": {
        "django.request": {"handlers": ["stderr"], "level": "ERROR"},
        "oauth2_provider": {"handlers": ["stderr"], "level": "DEBUG" if os.environ.get("ROWBOAT_OAUTH_DEBUG") else "ERROR"},
        "oauthlib": {"handlers": ["stderr"], "level": "DEBUG" if os.environ.get("ROWBOAT_OAUTH_DEBUG") else "ERROR"},
    },
}
