"""REST v10 routes of the fake, on an aiohttp application that also serves the gateway at ``/``.

Every JSON answer carries ``Content-Type: application/json`` exactly (discord.py parses nothing
else). Requests the fake does not know are logged at ERROR level, kept in
``World.unknown_routes`` and answered 404, so a gap in the fake shows up instead of passing quietly.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from .interactions import FakeInteraction
from .models import MANAGE_MESSAGES, MANAGE_THREADS
from .world import ApiError, Upload, World, missing_permissions, not_found

log = logging.getLogger("fakediscord")

API = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
_FILE_FIELD = re.compile(r"^files?\[?(\d*)\]?$")


def json_response(data: Any, status: int = 200) -> web.Response:
    body = json.dumps(data, ensure_ascii=False).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


def no_content() -> web.Response:
    return web.Response(status=204)


def _invalid_json() -> ApiError:
    return ApiError(400, {"message": "The request body contains invalid JSON.", "code": 50109})


async def read_body(request: web.Request, *, expect: type = dict) -> tuple[Any, list[Upload]]:
    """JSON (a ``dict``, or what ``expect`` says), or multipart with ``payload_json`` and
    ``files[N]`` parts."""
    payload, uploads = await _read_body(request)
    if not isinstance(payload, expect):
        raise _invalid_json()
    return payload, uploads


async def _read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    if request.content_type == "multipart/form-data":
        payload: dict[str, Any] = {}
        uploads: list[Upload] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            name = getattr(part, "name", None) or ""
            if name == "payload_json":
                payload = json.loads(await part.text())  # type: ignore[union-attr]
                continue
            match = _FILE_FIELD.match(name)
            if match is None:
                raise ApiError(400, {"message": f"Unexpected form field {name!r}", "code": 50035})
            data = await part.read()  # type: ignore[union-attr]
            index = int(match.group(1) or len(uploads))
            content_type = part.headers.get("Content-Type")  # type: ignore[union-attr]
            uploads.append(Upload(index, getattr(part, "filename", None) or f"file{index}", bytes(data), content_type))
        return payload, uploads
    raw = await request.read()
    if not raw:
        return {}, []
    try:
        return json.loads(raw), []
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise _invalid_json() from None


class RestApi:
    """Route handlers bound to one :class:`World`."""

    def __init__(self, world: World) -> None:
        self.world = world

    def build_app(self) -> web.Application:
        app = web.Application(client_max_size=256 * 1024 * 1024, middlewares=[self._middleware])
        w = self
        routes: list[tuple[str, str, Handler]] = [
            ("GET", "/gateway", w.get_gateway),
            ("GET", "/gateway/bot", w.get_gateway_bot),
            ("GET", "/users/@me", w.get_me),
            ("GET", "/users/{user_id:\\d+}", w.get_user),
            ("POST", "/users/@me/channels", w.create_dm),
            ("GET", "/oauth2/applications/@me", w.get_application),
            ("GET", "/applications/@me", w.get_application),
            ("GET", "/applications/{app}/commands", w.get_commands),
            ("PUT", "/applications/{app}/commands", w.put_commands),
            ("POST", "/applications/{app}/commands", w.post_command),
            ("GET", "/applications/{app}/guilds/{guild_id}/commands", w.get_commands),
            ("PUT", "/applications/{app}/guilds/{guild_id}/commands", w.put_commands),
            ("POST", "/applications/{app}/guilds/{guild_id}/commands", w.post_command),
            ("POST", "/interactions/{ix_id}/{token}/callback", w.interaction_callback),
            ("POST", "/webhooks/{app}/{token}", w.webhook_execute),
            ("GET", "/webhooks/{app}/{token}/messages/{message_id}", w.webhook_get),
            ("PATCH", "/webhooks/{app}/{token}/messages/{message_id}", w.webhook_edit),
            ("DELETE", "/webhooks/{app}/{token}/messages/{message_id}", w.webhook_delete),
            ("GET", "/channels/{channel_id}", w.get_channel),
            ("PATCH", "/channels/{channel_id}", w.edit_channel),
            ("DELETE", "/channels/{channel_id}", w.delete_channel),
            ("GET", "/channels/{channel_id}/messages", w.get_messages),
            ("POST", "/channels/{channel_id}/messages", w.post_message),
            ("POST", "/channels/{channel_id}/messages/bulk-delete", w.bulk_delete),
            ("PUT", "/channels/{channel_id}/messages/pins/{message_id}", w.pin),
            ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", w.pin),
            ("GET", "/channels/{channel_id}/messages/{message_id}", w.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", w.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", w.delete_message),
            ("POST", "/channels/{channel_id}/threads", w.create_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", w.create_thread),
            ("PUT", "/channels/{channel_id}/thread-members/{user}", w.thread_member),
            ("DELETE", "/channels/{channel_id}/thread-members/{user}", w.thread_member),
            ("POST", "/channels/{channel_id}/typing", w.typing),
            ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", w.reaction),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", w.reaction),
            ("GET", "/guilds/{guild_id}", w.get_guild),
            ("GET", "/guilds/{guild_id}/channels", w.get_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", w.get_guild_roles),
            ("GET", "/guilds/{guild_id}/threads/active", w.get_active_threads),
            ("GET", "/guilds/{guild_id}/members/{user_id}", w.get_member),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, API + path, handler)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", w.get_attachment)
        app.router.add_get("/", self.world.gateway.handle)
        app.router.add_route("*", "/{tail:.*}", self.unknown, name="unknown")
        return app

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        path = request.path
        self.world.requests.append(f"{request.method} {path}")
        self.world.request_agents.append((request.method, path, request.headers.get("User-Agent", "")))
        needs_auth = path.startswith(API) and not path.startswith((f"{API}/webhooks/", f"{API}/interactions/"))
        authorised = request.headers.get("Authorization") == f"Bot {self.world.token}"
        if needs_auth and not authorised and request.match_info.route.name != "unknown":
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        try:
            return await handler(request)
        except ApiError as error:
            interaction = request.get("interaction")
            self.world.reject(request.method, path, error, interaction)
            return json_response(error.body, error.status)
        except web.HTTPException:
            raise
        except Exception as error:
            # A bug in the fake: answer at once (a 500 would make discord.py retry for seconds)
            # and keep it where a test can see it.
            log.exception("fake Discord failed on %s %s", request.method, path)
            self.world.internal_errors.append(f"{request.method} {path}: {error!r}")
            return json_response({"message": f"fake Discord internal error: {error!r}", "code": 0}, 400)

    async def unknown(self, request: web.Request) -> web.Response:
        route = f"{request.method} {request.path}"
        self.world.unknown_routes.append(route)
        log.error("fake Discord has no route for %s (returning 404) - add it to tests/fakediscord/server.py", route)
        return json_response({"message": "404: Not Found", "code": 0}, 404)

    # -- helpers ------------------------------------------------------------------------------

    def _payload(self, msg: Any) -> dict[str, Any]:
        return msg.payload(self.world.base_url)

    def _guild(self, request: web.Request) -> Any:
        guild = self.world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise not_found("Guild", 10004)
        return guild

    def _check_app(self, request: web.Request) -> None:
        if request.match_info["app"] != str(self.world.application_id):
            raise ApiError(403, {"message": "Missing Access", "code": 50001})

    # -- gateway, users, application ----------------------------------------------------------

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.world.ws_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return json_response({
            "url": self.world.ws_url,
            "shards": self.world.recommended_shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        })

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response(self.world.bot.me_payload())

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise not_found("User", 10013)
        return json_response(user.payload())

    async def create_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        user = self.world.users.get(int(body.get("recipient_id", 0)))
        if user is None or user.bot:
            raise ApiError(400, {"message": "Invalid Recipient(s)", "code": 50033})
        if user.id in self.world.dm_open_refused:
            raise ApiError(403, {"message": "Cannot send messages to this user", "code": 50007})
        return json_response(self.world.dm_channel(user).payload())

    async def get_application(self, request: web.Request) -> web.Response:
        w = self.world
        return json_response({
            "id": str(w.application_id),
            "name": w.bot.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": w.application_flags,
            "owner": w.app_owner.payload(),
            "team": None,
            "bot": w.bot.payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": len(w.guilds),
            "integration_types_config": {"0": {}},
        })

    # -- application commands ---------------------------------------------------------------

    def _command_guild(self, request: web.Request) -> int | None:
        if "guild_id" not in request.match_info:
            return None
        return self._guild(request).id

    async def get_commands(self, request: web.Request) -> web.Response:
        self._check_app(request)
        guild_id = self._command_guild(request)
        w = self.world
        return json_response(w.global_commands if guild_id is None else w.guild_commands.get(guild_id, []))

    async def put_commands(self, request: web.Request) -> web.Response:
        self._check_app(request)
        guild_id = self._command_guild(request)
        body, _ = await read_body(request, expect=list)
        return json_response(self.world.overwrite_commands(guild_id, body))

    async def post_command(self, request: web.Request) -> web.Response:
        self._check_app(request)
        guild_id = self._command_guild(request)
        body, _ = await read_body(request)
        return json_response(self.world.upsert_command(guild_id, body), 201)

    # -- interactions and their webhooks ------------------------------------------------------

    async def interaction_callback(self, request: web.Request) -> web.Response:
        ix = self.world.interaction(request.match_info["ix_id"], request.match_info["token"])
        request["interaction"] = ix
        body, uploads = await read_body(request)
        result = await self.world.callback(ix, body, uploads)
        if request.query.get("with_response") in ("1", "true", "True"):
            return json_response(result)
        return no_content()

    def _webhook_interaction(self, request: web.Request) -> FakeInteraction:
        ix = self.world.webhook_interaction(request.match_info["app"], request.match_info["token"])
        request["interaction"] = ix
        return ix

    async def webhook_execute(self, request: web.Request) -> web.Response:
        ix = self._webhook_interaction(request)
        body, uploads = await read_body(request)
        msg = await self.world.followup(ix, body, uploads)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(self._payload(msg))
        return no_content()

    async def webhook_get(self, request: web.Request) -> web.Response:
        ix = self._webhook_interaction(request)
        return json_response(self._payload(self.world.interaction_message(ix, request.match_info["message_id"])))

    async def webhook_edit(self, request: web.Request) -> web.Response:
        ix = self._webhook_interaction(request)
        msg = self.world.interaction_message(ix, request.match_info["message_id"])
        body, uploads = await read_body(request)
        await self.world.edit_interaction_message(ix, msg, body, uploads)
        return json_response(self._payload(msg))

    async def webhook_delete(self, request: web.Request) -> web.Response:
        ix = self._webhook_interaction(request)
        msg = self.world.interaction_message(ix, request.match_info["message_id"])
        await self.world.delete_message(msg)
        return no_content()

    # -- channels and messages --------------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self.world.channel(request.match_info["channel_id"]).payload())

    async def edit_channel(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        body, _ = await read_body(request)
        return json_response((await self.world.edit_channel(channel, body)).payload())

    async def get_messages(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        history = sorted(self.world.channel_history(channel), key=lambda m: m.id, reverse=True)
        query = request.query
        if "before" in query:
            history = [m for m in history if m.id < int(query["before"])]
        if "after" in query:
            history = [m for m in history if m.id > int(query["after"])]
        limit = min(int(query.get("limit", 50)), 100)
        return json_response([self._payload(m) for m in history[:limit]])

    async def post_message(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        body, uploads = await read_body(request)
        wait = self.world.throttle_post(channel)
        if wait is not None:
            return self.rate_limited(request, wait)
        msg = await self.world.bot_posts(channel, body, uploads)
        return json_response(self._payload(msg))

    def rate_limited(self, request: web.Request, retry_after: float) -> web.Response:
        """Discord's 429: ``retry_after`` (seconds) in the body, and the ``Via`` header that tells
        clients it came from Discord's API rather than from Cloudflare."""
        self.world.rate_limited.append(f"{request.method} {request.path}")
        self.world.changed()
        body = {"message": "You are being rate limited.", "retry_after": round(retry_after, 3), "global": False}
        response = json_response(body, 429)
        response.headers.update({"Via": "1.1 google", "Retry-After": str(max(1, round(retry_after)))})
        return response

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        return json_response(self._payload(self.world.message(channel, request.match_info["message_id"])))

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        msg = self.world.message(channel, request.match_info["message_id"])
        body, uploads = await read_body(request)
        if msg.author is not self.world.bot:
            raise ApiError(403, {"message": "Cannot edit a message authored by another user", "code": 50005})
        self.world.validate_message(body, uploads, creating=False)
        await self.world.edit_message(msg, body, uploads)
        return json_response(self._payload(msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        msg = self.world.message(channel, request.match_info["message_id"])
        if msg.author is not self.world.bot and channel.guild is not None:
            self.world.require(channel, MANAGE_MESSAGES)
        await self.world.delete_message(msg)
        return no_content()

    async def bulk_delete(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        body, _ = await read_body(request)
        self.world.require(channel, MANAGE_MESSAGES)
        ids = body.get("messages") or []
        if not 2 <= len(ids) <= 100:
            raise ApiError(400, {"message": "You can only bulk delete 2 to 100 messages", "code": 50016})
        for ident in ids:
            await self.world.delete_message(self.world.message(channel, ident))
        return no_content()

    async def pin(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        msg = self.world.message(channel, request.match_info["message_id"])
        if channel.guild is not None:
            self.world.require(channel, MANAGE_MESSAGES)
        msg.pinned = request.method == "PUT"
        self.world.changed()
        return no_content()

    async def delete_channel(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        if not channel.is_thread:
            raise missing_permissions()
        if channel.owner_id != self.world.bot.id:
            self.world.require(channel, MANAGE_THREADS)
        payload = channel.payload()
        await self.world.delete_thread(channel)
        return json_response(payload)

    async def create_thread(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        source = None
        if "message_id" in request.match_info:
            source = self.world.message(channel, request.match_info["message_id"])
        body, _ = await read_body(request)
        thread = await self.world.create_thread(channel, body, from_message=source)
        return json_response(thread.payload(), 201)

    async def thread_member(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        if not channel.is_thread:
            raise ApiError(400, {"message": "Cannot execute action on this channel type", "code": 50024})
        who = request.match_info["user"]
        user_id = self.world.bot.id if who == "@me" else int(who)
        if request.method == "PUT":
            channel.member_ids.add(user_id)
        else:
            channel.member_ids.discard(user_id)
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        self.world.channel(request.match_info["channel_id"])
        return no_content()

    async def reaction(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        self.world.message(channel, request.match_info["message_id"])
        return no_content()

    async def get_attachment(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        wanted = int(request.match_info["attachment_id"])
        for msg in self.world.messages.values():
            if msg.channel is channel:
                for att in msg.attachments:
                    if att.id == wanted:
                        return web.Response(body=att.data, headers={"Content-Type": att.content_type or
                                                                    "application/octet-stream"})
        extra = self.world.extra_attachments.get(wanted)
        if extra is not None:
            return web.Response(body=extra.data, headers={"Content-Type": extra.content_type or
                                                          "application/octet-stream"})
        return web.Response(status=404, text="Not Found")

    # -- guilds ---------------------------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        data = guild.payload()
        data["approximate_member_count"] = len(guild.members)
        return json_response(data)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([c.payload() for c in guild.channels if not c.is_thread])

    async def get_guild_roles(self, request: web.Request) -> web.Response:
        return json_response([r.payload() for r in self._guild(request).roles.values()])

    async def get_active_threads(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        threads = [t.payload() for t in guild.threads() if not t.archived]
        return json_response({"threads": threads, "members": []})

    async def get_member(self, request: web.Request) -> web.Response:
        member = self._guild(request).members.get(int(request.match_info["user_id"]))
        if member is None:
            raise not_found("Member", 10007)
        return json_response(member.payload())
