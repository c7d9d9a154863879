"""The table's words for server settings (``/settings``), in en / zh-TW / zh-CN. Merged into
``table.messages`` like the lifecycle's words."""

from __future__ import annotations

SERVER_MESSAGES: dict[str, dict[str, str]] = {
    "server_only": {
        "en": "Server settings exist only in a server: use /settings in one of its channels.",
        "zh-TW": "伺服器設定只能在伺服器中使用:請在伺服器的頻道中使用 /settings。",
        "zh-CN": "服务器设置只能在服务器中使用:请在服务器的频道中使用 /settings。",
    },
    "needs_manage_server": {
        "en": "Only a member with the Manage Server permission can see or change this server's settings.",
        "zh-TW": "只有擁有「管理伺服器」權限的成員可以查看或變更本伺服器的設定。",
        "zh-CN": "只有拥有“管理服务器”权限的成员可以查看或更改本服务器的设置。",
    },
    "bad_server_timer": {
        "en": "Unknown timer “{timer}”. Timers: {timers}.",
        "zh-TW": "未知的計時「{timer}」。可選:{timers}。",
        "zh-CN": "未知的计时“{timer}”。可选:{timers}。",
    },
}
