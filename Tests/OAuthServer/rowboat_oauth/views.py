"""A protected list and what the tests do as the person or the admin."""
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth import login as django_login
from django.http import HttpResponseRedirect, JsonResponse
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from oauth2_provider.models import AccessToken, RefreshToken
from django.views import View
from oauth2_provider.views.mixins import OAuthLibMixin


class Items(OAuthLibMixin, View):
    """GET /api/items[?page=2]: three items a page, two pages, with a valid bearer token, else 401 (RFC 6750 3.1)."""

    def get(self, request, *args, **kwargs):
        valid, _ = self.verify_request(request)
        if not valid:
            response = JsonResponse({"error": "invalid_token"}, status=401)
            response["WWW-Authenticate"] = 'Bearer error="invalid_token"'
            return response
        page = 2 if request.GET.get("page") == "2" else 1
        first = (page - 1) * 3 + 1
        body = {"items": [{"id": i, "name": f"item {i}"} for i in range(first, first + 3)]}
        if page == 1:
            body["next"] = "/api/items?page=2"
        return JsonResponse(body)


def login(request):
    """GET /test/login?next=URL: the person signs in (as alice) and goes on to `next`."""
    django_login(request, get_user_model().objects.get(username="alice"),
                 backend="django.contrib.auth.backends.ModelBackend")
    return HttpResponseRedirect(request.GET.get("next", "/"))


@csrf_exempt
def expire_access_tokens(request):
    """POST: every access token ends now (the next API call gets 401)."""
    n = AccessToken.objects.update(expires=timezone.now() - timedelta(seconds=1))
    return JsonResponse({"expired": n})


@csrf_exempt
def revoke_refresh_tokens(request):
    """POST: every refresh token is revoked (as an admin would)."""
    tokens = list(RefreshToken.objects.filter(revoked__isnull=True))
    for token in tokens:
        token.revoke()
    return JsonResponse({"revoked": len(tokens)})


def counts(request):
    """GET: live tokens, for the tests' checks (never their values)."""
    return JsonResponse({
        "access": AccessToken.objects.filter(expires__gt=timezone.now()).count(),
        "refresh": RefreshToken.objects.filter(revoked__isnull=True).count(),
    })
