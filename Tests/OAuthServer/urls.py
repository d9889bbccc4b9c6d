"""The server's routes: django-oauth-toolkit under /o/, a protected list, test helpers."""
from django.urls import include, path

from rowboat_oauth import views

urlpatterns = [
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
    path("api/items", views.Items.as_view()),
    path("test/login", views.login),
    path("test/expire-access-tokens", views.expire_access_tokens),
    path("test/revoke-refresh-tokens", views.revoke_refresh_tokens),
    path("test/counts", views.counts),
]
