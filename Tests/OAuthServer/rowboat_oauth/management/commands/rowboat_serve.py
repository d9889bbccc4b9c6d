"""manage.py rowboat_serve DIR: migrate, register the user and the applications, serve on 127.0.0.1:0."""
import os
import socketserver
import sys
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.core.management.base import BaseCommand
from oauth2_provider.models import Application
from oauth2_provider.settings import oauth2_settings

CODE_CLIENT = "rowboat-code"
DEVICE_CLIENT = "rowboat-device"


class Server(socketserver.ThreadingMixIn, WSGIServer):
    daemon_threads = True


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


class Command(BaseCommand):
    help = "Serve the sign-in tests' OAuth2 server on 127.0.0.1 with a free port."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=0)

    def handle(self, *args, **options):
        call_command("migrate", verbosity=0)
        users = get_user_model().objects
        if not users.filter(username="alice").exists():
            users.create_user("alice", password="alice-password")
        Application.objects.get_or_create(client_id=CODE_CLIENT, defaults=dict(
            name="rowboat (code)", client_type=Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
            redirect_uris="http://127.0.0.1/callback", skip_authorization=True, algorithm=""))
        Application.objects.get_or_create(client_id=DEVICE_CLIENT, defaults=dict(
            name="rowboat (device)", client_type=Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_DEVICE_CODE, algorithm=""))
        server = Server(("127.0.0.1", options["port"]), QuietHandler)
        server.set_app(WSGIHandler())
        port = server.server_address[1]
        # Where the person approves a device: known once the port is.
        settings.OAUTH2_PROVIDER["OAUTH_DEVICE_VERIFICATION_URI"] = "http://127.0.0.1:%d/o/device/" % port
        oauth2_settings.reload()
        sys.stdout.write("PORT=%d\n" % port)
        sys.stdout.flush()
        server.serve_forever()
