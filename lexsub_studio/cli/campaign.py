"""``lexsub campaign``: a team campaign on a PostgreSQL server (docs/campaign.md)."""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

from lexsub_studio.cli import exitcodes

DESCRIPTION = """\
A team campaign on a PostgreSQL server: the organiser loads a corpus and assigns it, each
annotator joins once and works offline-first (answers are saved on the laptop and sent in the
background).

organiser:
  lexsub campaign init URL --corpus XML [--name NAME] [--title TITLE]
  lexsub campaign assign URL --campaign NAME --annotators NAMES|N --per-instance K --seed S
                         [--invitations DIR] [--redeal] [--dry-run]
  lexsub campaign handover URL --campaign NAME --from A [--to B,C] [--dry-run]
  lexsub campaign status URL --campaign NAME [--conflicts] [--stuck-hours N]
                         [--format table|json]
annotator:
  lexsub campaign join INVITATION
  lexsub campaign join URL --campaign NAME --annotator NAME --role ROLE [--password-file FILE]
  lexsub campaign sync NAME

URL is a PostgreSQL URL: postgresql://user@host:5432/database?sslmode=require. Give the
organiser's password through PGPASSWORD or ~/.pgpass rather than in the URL (a URL on the
command line is visible to other users of the computer); it is never printed.

assign shares the instances out as annotator packages do (every instance to K annotators, loads
within one, the same seed the same shares). Run it again with people added or removed: an
instance someone has answered stays theirs and counts toward its K (listed or not); only the
unfinished ones are dealt again among the listed annotators. --redeal deals everything afresh
(answers stay on the server); --dry-run prints per annotator what would stay, come and go. Each
new annotator gets a database role with a fresh password, written to an invitation file in
--invitations (default: ./invitations), readable only by you: hand each file to its annotator.

status prints per annotator done/assigned, the last answer's time (UTC), answers per hour over
the last 24 hours and a stuck flag (work left, nothing received for --stuck-hours, default 24,
counted from the last answer or the last instance given); then the agreement of every answer on
the server, overall, per annotator pair and per annotator, as lexsub agree computes it.

handover gives A's unfinished instances to B, C (default: every other annotator listed by the
last assign), each to the least loaded who does not hold it yet; A keeps the answered ones.

join checks the invitation against the server, writes the campaign's corpus into this computer's
LexSub Studio folder and keeps the credentials in a file only you can read. Open that corpus in
LexSub Studio under the same annotator name and the answers sync in the background.

Exit status: 0 success; 2 bad usage, unreadable input or an unreachable server; sync 1 when
answers are still waiting.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="action", metavar="ACTION")
    commands.required = True
    init = commands.add_parser("init", help="create the campaign tables and load a corpus",
                               description="Create the campaign tables and load a corpus.")
    init.add_argument("url", metavar="URL", help="the campaign database's PostgreSQL URL")
    init.add_argument("--corpus", required=True, metavar="XML", help="the lexelt XML corpus")
    init.add_argument("--name", help="the campaign's name (default: the corpus file's stem)")
    init.add_argument("--title", help="the campaign's title (default: its name)")

    assign = commands.add_parser("assign", help="share the instances out among annotators",
                                 description="Share the instances out among annotators.")
    assign.add_argument("url", metavar="URL")
    assign.add_argument("--campaign", required=True, metavar="NAME")
    assign.add_argument("--annotators", required=True, metavar="NAMES|N",
                        help="comma-separated names, or a number of annotators")
    assign.add_argument("--per-instance", type=int, required=True, metavar="K",
                        help="annotators per instance (the overlap)")
    assign.add_argument("--seed", type=int, required=True, metavar="S")
    assign.add_argument("--invitations", default="invitations", metavar="DIR",
                        help="where the new annotators' invitation files go")
    assign.add_argument("--redeal", action="store_true",
                        help="deal every instance afresh, finished ones too (the answers stay "
                             "on the server; by default finished work stays where it is)")
    assign.add_argument("--dry-run", action="store_true",
                        help="print what would move and change nothing")

    handover = commands.add_parser(
        "handover", help="give one annotator's unfinished instances to others",
        description="Give one annotator's unfinished instances to others; their answered "
                    "ones stay theirs.")
    handover.add_argument("url", metavar="URL")
    handover.add_argument("--campaign", required=True, metavar="NAME")
    handover.add_argument("--from", dest="source", required=True, metavar="A",
                          help="the annotator whose unfinished work goes")
    handover.add_argument("--to", metavar="B,C",
                          help="comma-separated annotators who take it (default: every other "
                               "annotator listed by the last assign)")
    handover.add_argument("--dry-run", action="store_true",
                          help="print what would move and change nothing")

    status = commands.add_parser(
        "status", help="progress, pace and who is stuck per annotator; live agreement",
        description="Print per annotator done/assigned, the last answer (UTC), answers per "
                    "hour and who is stuck, then the agreement of every answer on the server.")
    status.add_argument("url", metavar="URL")
    status.add_argument("--campaign", required=True, metavar="NAME")
    status.add_argument("--conflicts", action="store_true",
                        help="also list the answers kept aside when two laptops disagreed")
    status.add_argument("--stuck-hours", type=float, default=None, metavar="N",
                        help="flag as stuck whoever has work left and sent nothing for N hours "
                             "(default 24)")
    status.add_argument("--format", choices=("table", "json"), default="table",
                        help="table (default) or json for scripts")

    join = commands.add_parser("join", help="join a campaign on this computer",
                               description="Join a campaign on this computer.")
    join.add_argument("source", metavar="INVITATION|URL",
                      help="an invitation file, or the server's URL")
    join.add_argument("--campaign", metavar="NAME")
    join.add_argument("--annotator", metavar="NAME")
    join.add_argument("--role", metavar="ROLE", help="your database role")
    join.add_argument("--password-file", metavar="FILE",
                      help="a file holding your password (asked for when not given)")

    sync = commands.add_parser("sync", help="send this computer's waiting answers now",
                               description="Send this computer's waiting answers now.")
    sync.add_argument("campaign", metavar="NAME")
    sync.add_argument("--wait", type=float, default=60.0, metavar="SECONDS",
                      help="give up after this long (default 60)")


def run(args: argparse.Namespace) -> int:
    runners = {"init": run_init, "assign": run_assign, "handover": run_handover,
               "status": run_status,
               "join": run_join, "sync": run_sync}
    return runners[args.action](args)


def run_init(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.db import init_campaign
    from lexsub_studio.core.annotation.server_url import public_url
    from lexsub_studio.core.io.formats.corpus_reader import read_corpus_bytes

    corpus_path = Path(args.corpus)
    try:
        data = corpus_path.read_bytes()
    except OSError as error:
        print(f"lexsub: {corpus_path}: cannot read the corpus: {error.strerror or error}",
              file=sys.stderr)
        return exitcodes.USAGE
    result = read_corpus_bytes(data, str(corpus_path))
    for diagnostic in result.diagnostics:
        print(str(diagnostic), file=sys.stderr)
    if result.diagnostics.has_errors:
        return exitcodes.USAGE
    name = args.name or corpus_path.stem
    info = init_campaign(args.url, name, args.title or name, result.corpus,
                         data.decode("utf-8"))
    print(f"campaign {info.name!r} created on {public_url(args.url)}: {info.instances} "
          "instances; next: lexsub campaign assign")
    return exitcodes.OK


def run_assign(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.db import assign
    from lexsub_studio.core.annotation.campaign.invitations import write_invitations
    from lexsub_studio.core.annotation.campaign.plan import parse_annotators

    try:
        names = parse_annotators(args.annotators)
    except ValueError as error:
        print(f"lexsub: --annotators: {error}", file=sys.stderr)
        return exitcodes.USAGE
    result = assign(args.url, args.campaign, names, args.per_instance, args.seed,
                    redeal=args.redeal, dry_run=args.dry_run)
    from lexsub_studio.core.annotation.campaign.deal import format_deal_changes

    if result.dry_run:
        print(f"dry run: nothing changed on the server; campaign {args.campaign!r} would be "
              f"{'dealt afresh' if args.redeal else 'dealt with finished work kept'}:")
        print(format_deal_changes(result.changes), end="")
        return exitcodes.OK
    for link, path in zip(result.new_links,
                          write_invitations(result.new_links, args.invitations), strict=True):
        print(f"invitation for {link.annotator}: {path} (role {link.role})")
    print(format_deal_changes(result.changes), end="")
    listed = sorted(result.loads[name] for name in names)
    unlisted = sum(load for name, load in result.loads.items() if name not in names)
    print(f"campaign {args.campaign!r}: {sum(listed)} assignments among {len(names)} "
          f"annotators, {listed[0]} to {listed[-1]} each"
          + (f"; {unlisted} finished kept by people no longer listed" if unlisted else "")
          + ("" if args.redeal else
             f"; {sum(c.finished for c in result.changes)} finished kept in place"))
    return exitcodes.OK


def run_handover(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.handover import handover

    targets = None
    if args.to:
        targets = [name.strip() for name in args.to.split(",") if name.strip()]
    result = handover(args.url, args.campaign, args.source, targets, dry_run=args.dry_run)
    verb = "would go" if result.dry_run else "went"
    print(f"{'dry run: nothing changed on the server; ' if result.dry_run else ''}"
          f"{result.moved} unfinished instance(s) of {result.source} {verb} to "
          f"{', '.join(result.targets)}; {result.source} keeps {result.handover.kept} "
          "answered")
    for name in result.targets:
        taken = len(result.handover.moved.get(name, []))
        print(f"  {name}: +{taken}, {result.loads[name]} assigned after")
    if result.handover.left:
        print(f"{len(result.handover.left)} instance(s) stay with {result.source}: every one "
              "of the targets already holds them")
    return exitcodes.OK


def run_status(args: argparse.Namespace) -> int:
    import json

    from lexsub_studio.core.annotation.campaign.db import campaign_conflicts, connect
    from lexsub_studio.core.annotation.campaign.monitor import snapshot
    from lexsub_studio.core.annotation.campaign.status_report import (
        DEFAULT_STUCK_HOURS,
        format_status,
        status_to_dict,
    )

    hours = DEFAULT_STUCK_HOURS if args.stuck_hours is None else args.stuck_hours
    if hours <= 0:
        print("lexsub: --stuck-hours must be above 0", file=sys.stderr)
        return exitcodes.USAGE
    shot = snapshot(args.url, args.campaign)
    conflicts = []
    if args.conflicts:
        with connect(args.url) as db:
            conflicts = campaign_conflicts(db, args.url, args.campaign)
    if args.format == "json":
        data = status_to_dict(shot, hours)
        if args.conflicts:
            data["conflicts"] = [
                {"annotator": c.annotator, "lexelt": c.lexelt, "id": c.id,
                 "substitutes": list(c.substitutes), "revision": c.revision,
                 "winner_revision": c.winner_revision} for c in conflicts]
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return exitcodes.OK
    print(format_status(shot, hours), end="")
    if args.conflicts:
        print(f"conflicts: {len(conflicts)}")
        for conflict in conflicts:
            print(f"  {conflict.annotator}  {conflict.lexelt} {conflict.id}  kept aside: "
                  f"{', '.join(conflict.substitutes) or '(no substitute)'} (revision "
                  f"{conflict.revision}; the server holds revision {conflict.winner_revision})")
    return exitcodes.OK


def run_join(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.join import join_campaign
    from lexsub_studio.core.annotation.campaign.link import CampaignLink, read_link_file
    from lexsub_studio.core.annotation.server_url import split_url

    source = args.source
    if "://" in source:
        missing = [flag for flag, value in (("--campaign", args.campaign),
                                            ("--annotator", args.annotator),
                                            ("--role", args.role)) if not value]
        if missing:
            print(f"lexsub: joining by URL needs {', '.join(missing)}", file=sys.stderr)
            return exitcodes.USAGE
        address = split_url(source)
        password = address.password or _read_password(args.password_file)
        if not password:
            print("lexsub: no password given", file=sys.stderr)
            return exitcodes.USAGE
        link = CampaignLink(address.url, args.campaign, args.annotator, args.role, password)
    else:
        link = read_link_file(Path(source))
    joined = join_campaign(link)
    print(f"joined campaign {joined.campaign!r} as {joined.annotator}; open "
          f"{joined.corpus_file} in LexSub Studio under the name {joined.annotator!r}")
    return exitcodes.OK


def _read_password(path: str | None) -> str:
    if path is None:
        return getpass.getpass("campaign password: ")
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except OSError as error:
        raise OSError(error.errno, f"cannot read the password file: {error.strerror}",
                      path) from None


def run_sync(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.join import store_for
    from lexsub_studio.core.annotation.campaign.link import load_link
    from lexsub_studio.core.annotation.campaign.sync import CampaignSync, SyncState

    link = load_link(args.campaign)
    store = store_for(link)
    if not store.exists():
        print(f"nothing to send yet: open {link.corpus_file} in LexSub Studio as "
              f"{link.annotator!r} and answer")
        return exitcodes.OK
    from lexsub_studio.core.annotation.store import AnnotationStore

    AnnotationStore.open(store).close()  # brings an older store's outbox up to date
    sync = CampaignSync(store, link)
    try:
        status = sync.drain(args.wait)
    finally:
        sync.close()
    print(status.text() + (f": {status.reason}" if status.reason else ""))
    return exitcodes.OK if status.state is SyncState.SYNCED else exitcodes.FAILED
