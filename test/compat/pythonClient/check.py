"""Zulip's Python client against a Hearth host: the calls of issue 17.

Run by scripts/check-python-client.ts (npm run compat:python), which starts
the host and names the accounts in the JSON file given as the argument.
"""
import io, json, sys, zlib, struct
import zulip

cfg = json.load(open(sys.argv[1]))
owner = zulip.Client(email=cfg["owner"]["email"], api_key=cfg["owner"]["apiKey"], site=cfg["url"])
alice = zulip.Client(email=cfg["alice"]["email"], api_key=cfg["alice"]["apiKey"], site=cfg["url"])
results = []

def check(name, answer, ok=lambda a: a.get("result") == "success"):
    passed = ok(answer)
    results.append((name, passed))
    print(("PASS " if passed else "FAIL ") + name + ("" if passed else " " + json.dumps(answer)[:300]))
    return answer

def png():
    raw = b"".join(b"\x00" + b"\x20\xa0\x60" * 16 for _ in range(16))
    def chunk(t, d):
        c = struct.pack(">I", len(d)) + t + d
        return c + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")

sent = check("send_message", alice.send_message({"type": "stream", "to": "kitchen", "topic": "python", "content": "Hello from the Python client"}))
mid = sent["id"]
check("add_reaction by name", alice.add_reaction({"message_id": mid, "emoji_name": "octopus"}))
check("add_reaction name+code+type", owner.add_reaction({"message_id": mid, "emoji_name": "joy", "emoji_code": "1f602", "reaction_type": "unicode_emoji"}))
got = alice.call_endpoint(url=f"messages/{mid}", method="GET")
check("message carries reactions", got, lambda a: sorted(r["emoji_name"] for r in a["message"]["reactions"]) == ["joy", "octopus"])
check("remove_reaction", alice.remove_reaction({"message_id": mid, "emoji_name": "octopus"}))
check("duplicate reaction refused", owner.add_reaction({"message_id": mid, "emoji_name": "joy"}), lambda a: a.get("code") == "REACTION_ALREADY_EXISTS")

f = io.BytesIO(png()); f.name = "parrot.png"
check("upload_custom_emoji", alice.upload_custom_emoji("party_parrot", f))
emoji = check("get_realm_emoji", alice.get_realm_emoji(), lambda a: any(e["name"] == "party_parrot" for e in a["emoji"].values()))
eid = next(k for k, e in emoji["emoji"].items() if e["name"] == "party_parrot")
check("add_reaction realm emoji", owner.add_reaction({"message_id": mid, "emoji_name": "party_parrot"}))
got = alice.call_endpoint(url=f"messages/{mid}", method="GET")
check("realm emoji reaction shape", got, lambda a: any(r["reaction_type"] == "realm_emoji" and r["emoji_code"] == eid for r in a["message"]["reactions"]))
check("delete_custom_emoji", alice.delete_custom_emoji("party_parrot"))

check("add_alert_words", alice.add_alert_words(["deploy"]), lambda a: a.get("alert_words") == ["deploy"])
check("get_alert_words", alice.get_alert_words(), lambda a: a.get("alert_words") == ["deploy"])
check("remove_alert_words", alice.remove_alert_words(["deploy"]), lambda a: a.get("alert_words") == [])
# The client has no call of its own for muted users (issue 36): its generic call reaches them.
owner_id = owner.get_profile()["user_id"]
check("mute a user", alice.call_endpoint(url=f"users/me/muted_users/{owner_id}", method="POST"))
check("register muted_users", alice.register(event_types=["muted_users"]), lambda a: [m["id"] for m in a.get("muted_users", [])] == [owner_id])
check("unmute a user", alice.call_endpoint(url=f"users/me/muted_users/{owner_id}", method="DELETE"))
check("unmuting twice refused", alice.call_endpoint(url=f"users/me/muted_users/{owner_id}", method="DELETE"), lambda a: a.get("msg") == "User is not muted")

# Read receipts and topic deletion (issue 36) have no calls of their own either.
check("read receipts", alice.call_endpoint(url=f"messages/{mid}/read_receipts", method="GET"), lambda a: a.get("result") == "success" and isinstance(a.get("user_ids"), list))
kitchen_id = owner.get_stream_id("kitchen")["stream_id"]
check("send_message to a doomed topic", alice.send_message({"type": "stream", "to": "kitchen", "topic": "doomed", "content": "Delete me"}))
check("delete_topic", owner.call_endpoint(url=f"streams/{kitchen_id}/delete_topic", method="POST", request={"topic_name": "doomed"}))
check("deleted topic is empty", owner.get_messages({"anchor": "newest", "num_before": 10, "num_after": 0, "narrow": [{"operator": "stream", "operand": "kitchen"}, {"operator": "topic", "operand": "doomed"}]}), lambda a: a.get("messages") == [])

# Nor has the user status (issue 36): Zulip's documentation sets it with call_endpoint.
status = {"status_text": "on vacation", "away": False, "emoji_name": "car", "emoji_code": "1f697", "reaction_type": "unicode_emoji"}
check("update status", alice.call_endpoint(url="users/me/status", method="POST", request=status))
check("register user_status", owner.register(event_types=["user_status"]), lambda a: a.get("user_status", {}).get(str(cfg["alice"]["id"])) == {"status_text": "on vacation", "emoji_name": "car", "emoji_code": "1f697", "reaction_type": "unicode_emoji"})
check("status text too long refused", alice.call_endpoint(url="users/me/status", method="POST", request={"status_text": "x" * 61}), lambda a: a.get("msg") == "status_text is too long (limit: 60 characters)")
check("clear status", alice.call_endpoint(url="users/me/status", method="POST", request={"status_text": "", "emoji_name": ""}))

check("create_user_group", alice.create_user_group({"name": "Bakers", "description": "Bread people", "members": [cfg["alice"]["id"]]}))
groups = check("get_user_groups", alice.get_user_groups(), lambda a: any(g["name"] == "Bakers" for g in a["user_groups"]))
gid = next(g["id"] for g in groups["user_groups"] if g["name"] == "Bakers")
check("update_user_group", alice.update_user_group({"group_id": gid, "description": "Bread and cake"}))
check("update_user_group_members", alice.update_user_group_members(gid, {"add": [cfg["owner"]["id"]]}))
check("remove_user_group", alice.remove_user_group(gid))

f = io.BytesIO(b"notes"); f.name = "notes.txt"
up = check("upload_file", alice.upload_file(f), lambda a: a.get("result") == "success" and a.get("uri", a.get("url", "")).startswith("/user_uploads/"))
check("get_attachments", alice.get_attachments())

kitchen = owner.get_stream_id("kitchen")["stream_id"]
attic = owner.get_stream_id("attic")["stream_id"]
check("update_stream", owner.update_stream({"stream_id": kitchen, "description": "Where food happens"}))
check("update_message stream_id", owner.update_message({"message_id": mid, "stream_id": attic, "propagate_mode": "change_one"}))
got = owner.call_endpoint(url=f"messages/{mid}", method="GET")
check("moved message in its new stream", got, lambda a: a["message"]["stream_id"] == attic)
check("update_message resolve topic", owner.update_message({"message_id": mid, "topic": "✔ python", "propagate_mode": "change_all"}))
check("delete_stream", owner.delete_stream(attic))
check("archived stream gone", owner.get_streams(), lambda a: all(s["stream_id"] != attic for s in a["streams"]))

print(f"{sum(p for _, p in results)} of {len(results)} passed")
sys.exit(0 if all(p for _, p in results) else 1)
