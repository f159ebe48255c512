"""Zulip's Python client against a Hearth host: the calls of issue 17, and
the walkthrough of a new user of issue 52 (point 10).

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

# Scheduled messages (issue 36): this client has no calls of their own; Zulip's documentation reaches them with call_endpoint.
import time
later = int(time.time()) + 86400
scheduled = check("create scheduled message", alice.call_endpoint(url="scheduled_messages", method="POST", request={"type": "stream", "to": kitchen_id, "topic": "later", "content": "Tomorrow", "scheduled_delivery_timestamp": later}), lambda a: isinstance(a.get("scheduled_message_id"), int))
sched_id = scheduled.get("scheduled_message_id")
check("get scheduled messages", alice.call_endpoint(url="scheduled_messages", method="GET"), lambda a: [(m["scheduled_message_id"], m["to"], m["topic"], m["content"], m["scheduled_delivery_timestamp"], m["failed"]) for m in a.get("scheduled_messages", [])] == [(sched_id, kitchen_id, "later", "Tomorrow", later, False)])
check("update scheduled message", alice.call_endpoint(url=f"scheduled_messages/{sched_id}", method="PATCH", request={"content": "The day after", "scheduled_delivery_timestamp": later + 86400}))
check("register scheduled_messages", alice.register(event_types=["scheduled_messages"]), lambda a: [m["content"] for m in a.get("scheduled_messages", [])] == ["The day after"])
check("scheduling in the past refused", alice.call_endpoint(url="scheduled_messages", method="POST", request={"type": "direct", "to": [owner_id], "content": "Too late", "scheduled_delivery_timestamp": 1}), lambda a: a.get("msg") == "Scheduled delivery time must be in the future.")
check("delete scheduled message", alice.call_endpoint(url=f"scheduled_messages/{sched_id}", method="DELETE"))
check("deleted scheduled message gone", alice.call_endpoint(url=f"scheduled_messages/{sched_id}", method="DELETE"), lambda a: a.get("msg") == "Scheduled message does not exist")

# Nor has the user status (issue 36): Zulip's documentation sets it with call_endpoint.
status = {"status_text": "on vacation", "away": False, "emoji_name": "car", "emoji_code": "1f697", "reaction_type": "unicode_emoji"}
check("update status", alice.call_endpoint(url="users/me/status", method="POST", request=status))
check("register user_status", owner.register(event_types=["user_status"]), lambda a: a.get("user_status", {}).get(str(cfg["alice"]["id"])) == {"status_text": "on vacation", "emoji_name": "car", "emoji_code": "1f697", "reaction_type": "unicode_emoji"})
check("status text too long refused", alice.call_endpoint(url="users/me/status", method="POST", request={"status_text": "x" * 61}), lambda a: a.get("msg") == "status_text is too long (limit: 60 characters)")
check("clear status", alice.call_endpoint(url="users/me/status", method="POST", request={"status_text": "", "emoji_name": ""}))

# Nor has this client drafts kept by the server (issue 36): call_endpoint reaches Zulip's /drafts.
kitchen_id = alice.get_stream_id("kitchen")["stream_id"]
draft = {"type": "stream", "to": [kitchen_id], "topic": "python drafts", "content": "Written in Python", "timestamp": 1700000000}
created = check("create drafts", alice.call_endpoint(url="drafts", method="POST", request={"drafts": json.dumps([draft])}), lambda a: len(a.get("ids", [])) == 1)
draft_id = created["ids"][0]
check("get drafts", alice.call_endpoint(url="drafts", method="GET"), lambda a: a.get("count") == 1 and a["drafts"] == [{"id": draft_id, **draft}])
check("register drafts", alice.register(event_types=["drafts"]), lambda a: [d["id"] for d in a.get("drafts", [])] == [draft_id])
check("edit a draft", alice.call_endpoint(url=f"drafts/{draft_id}", method="PATCH", request={"draft": json.dumps({**draft, "content": "Edited in Python"})}))
check("another's draft does not exist", owner.call_endpoint(url=f"drafts/{draft_id}", method="DELETE"), lambda a: a.get("msg") == "Draft does not exist")
check("delete a draft", alice.call_endpoint(url=f"drafts/{draft_id}", method="DELETE"))
check("drafts gone", alice.call_endpoint(url="drafts", method="GET"), lambda a: a.get("drafts") == [])

# Linkifiers (issue 36): the client's own calls, with RFC 6570 templates from feature level 176;
# PATCH and the code playgrounds have no calls of their own, so call_endpoint as Zulip's documentation does.
issue_url = "https://github.com/zulip/zulip/issues/{id}"
linkifier = check("add_realm_filter", owner.add_realm_filter("#(?P<id>[0-9]+)", issue_url), lambda a: isinstance(a.get("id"), int))
check("get_realm_linkifiers", alice.get_realm_linkifiers(), lambda a: [(l["id"], l["pattern"], l["url_template"]) for l in a.get("linkifiers", [])] == [(linkifier.get("id"), "#(?P<id>[0-9]+)", issue_url)])
linked = check("send a message a linkifier links", alice.send_message({"type": "stream", "to": "kitchen", "topic": "issue #42", "content": "Fixes #42"}))
got = alice.call_endpoint(url=f"messages/{linked['id']}", method="GET")
check("content and topic linked", got, lambda a: 'href="https://github.com/zulip/zulip/issues/42"' in a["message"]["content"] and a["message"]["topic_links"] == [{"text": "#42", "url": "https://github.com/zulip/zulip/issues/42"}])
check("update linkifier", owner.call_endpoint(url=f"realm/filters/{linkifier['id']}", method="PATCH", request={"pattern": "T(?P<id>[0-9]+)", "url_template": issue_url}))
check("bad pattern refused", owner.add_realm_filter("(foo", issue_url), lambda a: a.get("msg") == "Bad regular expression: missing ): (foo")
check("member may not add a linkifier", alice.add_realm_filter("#(?P<id>[0-9]+)", issue_url), lambda a: a.get("msg") == "Must be an organization administrator")
check("remove_realm_filter", owner.remove_realm_filter(linkifier["id"]))
check("linkifier gone", alice.get_realm_linkifiers(), lambda a: a.get("linkifiers") == [])
# Zulip 12 takes and gives a playground's url_template (feature level 196).
playground = check("add playground", owner.call_endpoint(url="realm/playgrounds", method="POST", request={"name": "Python playground", "pygments_language": "Python", "url_template": "https://python.example.com?code={code}"}), lambda a: isinstance(a.get("id"), int))
check("register realm_playgrounds", alice.register(event_types=["realm_playgrounds"]), lambda a: [{k: p[k] for k in ("id", "name", "pygments_language", "url_template")} for p in a.get("realm_playgrounds", [])] == [{"id": playground.get("id"), "name": "Python playground", "pygments_language": "Python", "url_template": "https://python.example.com?code={code}"}])
check("remove playground", owner.call_endpoint(url=f"realm/playgrounds/{playground['id']}", method="DELETE"))

# Nor have polls (issue 36): /poll opens one, and Zulip's POST /submessage votes.
poll = check("send a /poll", alice.send_message({"type": "stream", "to": "kitchen", "topic": "python poll", "content": "/poll Tea or coffee?\nTea\nCoffee"}))
check("vote on the poll", owner.call_endpoint(url="submessage", method="POST", request={"message_id": poll["id"], "msg_type": "widget", "content": json.dumps({"type": "vote", "key": "canned,1", "vote": 1})}))
got = alice.call_endpoint(url=f"messages/{poll['id']}", method="GET")
check("message carries the poll and the vote", got, lambda a: [json.loads(s["content"]) for s in a["message"]["submessages"]] == [{"widget_type": "poll", "extra_data": {"question": "Tea or coffee?", "options": ["Tea", "Coffee"]}}, {"type": "vote", "key": "canned,1", "vote": 1}])
check("another's question refused", owner.call_endpoint(url="submessage", method="POST", request={"message_id": poll["id"], "msg_type": "widget", "content": json.dumps({"type": "question", "question": "Mine?"})}), lambda a: a.get("msg") == "You can't edit a question unless you are the author.")

check("create_user_group", alice.create_user_group({"name": "Bakers", "description": "Bread people", "members": [cfg["alice"]["id"]]}))
groups = check("get_user_groups", alice.get_user_groups(), lambda a: any(g["name"] == "Bakers" for g in a["user_groups"]))
gid = next(g["id"] for g in groups["user_groups"] if g["name"] == "Bakers")
check("update_user_group", alice.update_user_group({"group_id": gid, "description": "Bread and cake"}))
check("update_user_group_members", alice.update_user_group_members(gid, {"add": [cfg["owner"]["id"]]}))
# Zulip 12 deactivates a group instead of deleting it (feature level 294).
check("deactivate user group", alice.call_endpoint(url=f"user_groups/{gid}/deactivate", method="POST"))

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

# Issue 52, point 10: what a new user does on a Zulip 12 host, through this
# client's own calls where it has them (send_message, update_stream,
# delete_stream, get_streams) and call_endpoint where it has none.
kitchen_narrow = [{"operator": "channel", "operand": "kitchen"}]
general_chat = check("send_message to general chat (topic \"\")", alice.send_message({"type": "stream", "to": "kitchen", "topic": "", "content": "Hello, general chat"}))
def sent_to_general_chat(answer):
    return [m["subject"] for m in answer.get("messages", []) if m["id"] == general_chat.get("id")]
check("empty topic read as \"\" with allow_empty_topic_name", alice.get_messages({"anchor": "newest", "num_before": 5, "num_after": 0, "narrow": kitchen_narrow, "allow_empty_topic_name": True}), lambda a: sent_to_general_chat(a) == [""])
check("empty topic read as its display name without it", alice.get_messages({"anchor": "newest", "num_before": 5, "num_after": 0, "narrow": kitchen_narrow}), lambda a: sent_to_general_chat(a) == ["general chat"])
check("register realm_empty_topic_display_name", alice.register(event_types=["realm"]), lambda a: a.get("realm_empty_topic_display_name") == "general chat")

folder = check("create a channel folder", owner.call_endpoint(url="channel_folders/create", method="POST", request={"name": "Rooms", "description": "Where people meet"}), lambda a: isinstance(a.get("channel_folder_id"), int))
folder_id = folder.get("channel_folder_id")
check("update_stream folder_id", owner.update_stream({"stream_id": kitchen, "folder_id": folder_id}))
check("subscription carries folder_id", alice.get_subscriptions(), lambda a: [s["folder_id"] for s in a.get("subscriptions", []) if s["stream_id"] == kitchen] == [folder_id])
check("get channel_folders", alice.call_endpoint(url="channel_folders", method="GET"), lambda a: [(f["id"], f["name"], f["description"], f["is_archived"]) for f in a.get("channel_folders", [])] == [(folder_id, "Rooms", "Where people meet", False)])
check("unknown folder refused", owner.update_stream({"stream_id": kitchen, "folder_id": folder_id + 100}), lambda a: (a.get("code"), a.get("msg")) == ("BAD_REQUEST", "Invalid channel folder ID"))

check("send_message to a topic to follow", owner.send_message({"type": "stream", "to": "kitchen", "topic": "recipes", "content": "Soup on Fridays"}))
check("follow a topic (visibility_policy 3)", alice.call_endpoint(url="user_topics", method="POST", request={"stream_id": kitchen, "topic": "recipes", "visibility_policy": 3}))
def policies(answer):
    return {(t["stream_id"], t["topic_name"]): t["visibility_policy"] for t in answer.get("user_topics", [])}
check("register user_topics: followed", alice.register(event_types=["user_topic"]), lambda a: policies(a).get((kitchen, "recipes")) == 3)
check("unfollow a topic", alice.call_endpoint(url="user_topics", method="POST", request={"stream_id": kitchen, "topic": "recipes", "visibility_policy": 0}))
check("register user_topics: unfollowed", alice.register(event_types=["user_topic"]), lambda a: (kitchen, "recipes") not in policies(a))

check("add_subscriptions shed", owner.add_subscriptions([{"name": "shed"}]))
shed = owner.get_stream_id("shed")["stream_id"]
check("delete_stream archives", owner.delete_stream(shed))
def listed_shed(answer):
    return [s["is_archived"] for s in answer.get("streams", []) if s["stream_id"] == shed]
check("get_streams leaves the archived channel out", owner.get_streams(include_all=True), lambda a: listed_shed(a) == [])
check("get_streams exclude_archived=False lists it archived", owner.get_streams(include_all=True, exclude_archived=False), lambda a: listed_shed(a) == [True])
check("sending to an archived channel refused", owner.send_message({"type": "stream", "to": "shed", "topic": "tools", "content": "Anyone?"}), lambda a: a.get("msg") == "Not authorized to send to channel 'shed'")

print(f"{sum(p for _, p in results)} of {len(results)} passed")
sys.exit(0 if all(p for _, p in results) else 1)
