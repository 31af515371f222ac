"""``lexsub campaign``: a team campaign on a PostgreSQL server (docs/campaign.md)."""

from __future__ import annotations

import argparse
import getpass
import sys
from datetime import UTC
from pathlib import Path
from typing import TYPE_CHECKING

from lexsub_studio.cli import exitcodes

if TYPE_CHECKING:
    from lexsub_studio.core.annotation.campaign.link import CampaignLink
    from lexsub_studio.core.annotation.campaign.sync import SyncStatus

DESCRIPTION = """\
A team campaign on a PostgreSQL server: the organiser loads a corpus and assigns it, each
annotator joins once and works offline-first (answers are saved on the laptop and sent in the
background).

server owner, once (docs/campaign.md):
  lexsub campaign server-setup --organiser NAME [--database DB] [--password-file FILE]
                               [-o FILE]
organiser:
  lexsub campaign init URL --corpus XML [--name NAME] [--title TITLE]
  lexsub campaign assign URL --campaign NAME --annotators NAMES|N --per-instance K --seed S
                         [--invitations DIR] [--ca FILE] [--redeal] [--dry-run]
  lexsub campaign handover URL --campaign NAME --from A [--to B,C] [--dry-run]
  lexsub campaign status URL --campaign NAME [--conflicts] [--stuck-hours N]
                         [--format table|json]
  lexsub campaign export URL --campaign NAME -o DIR [--force]
  lexsub campaign revoke URL --campaign NAME --annotator NAME [--keep-answers]
  lexsub campaign reissue URL --campaign NAME --annotator NAME [--invitations DIR] [--ca FILE]
  lexsub campaign backup URL -o FILE [--campaign NAME ...]
  lexsub campaign restore FILE URL
annotator:
  lexsub campaign join INVITATION
  lexsub campaign join URL --campaign NAME --annotator NAME --role ROLE [--password-file FILE]
  lexsub campaign sync NAME
  lexsub campaign submit NAME RESPONSES [--replace] [--annotator-in-file NAME]

URL is a PostgreSQL URL:
postgresql://user@host:5432/database?sslmode=verify-full&sslrootcert=CA.pem. Give the
organiser's password through PGPASSWORD or ~/.pgpass rather than in the URL (a URL on the
command line is visible to other users of the computer); it is never printed.

server-setup prints the psql script the PostgreSQL superuser runs once: the organiser's role
(no CREATEROLE; its password only as a SCRAM verifier), the database, and the functions
through which the organiser makes annotator roles.

assign shares the instances out as annotator packages do (every instance to K annotators, loads
within one, the same seed the same shares). Run it again with people added or removed: an
instance someone has answered stays theirs and counts toward its K (listed or not); only the
unfinished ones are dealt again among the listed annotators. --redeal deals everything afresh
(answers stay on the server); --dry-run prints per annotator what would stay, come and go. Each
new annotator gets a database role with a fresh password, written to an invitation file in
--invitations (default: ./invitations), readable only by you: hand each file to its annotator.
Invitations carry the CA certificate (--ca, or the URL's sslrootcert) as text, never a path.
File names never collide: names other than lower-case letters, digits, '.', '_' and '-' get
'+' and a short hash of the exact name; another person's file is never written over.

revoke turns the annotator's login off, ends their sessions and refuses their pushes; their
answers stay on the server, left out of agreement and export unless --keep-answers. reissue
gives a new password and invitation; the old password stops working.

status prints per annotator done/assigned, the last answer's time (UTC), answers per hour over
the last 24 hours and a stuck flag (work left, nothing received for --stuck-hours, default 24,
counted from the last answer or the last instance given); then the agreement of every answer on
the server, overall, per annotator pair and per annotator, as lexsub agree computes it.

handover gives A's unfinished instances to B, C (default: every other annotator listed by the
last assign), each to the least loaded who does not hold it yet; A keeps the answered ones.


backup writes the campaign's rows and its annotator roles' SCRAM verifiers to one file (mode
0600); restore loads it into a database set up by server-setup and makes the roles again, so
existing invitations sync there.

join checks the invitation against the server, writes the campaign's corpus (and the CA
certificate) into this computer's LexSub Studio folder and keeps the credentials in a file only
you can read. Open that corpus in LexSub Studio under the same annotator name and the answers
sync in the background.

export writes one responses file per annotator (the usual '# lexsub-responses 1' format, with
comments and seconds; deleted answers left out) into DIR, ready for 'lexsub gold' and 'lexsub
agree', and prints which file holds whom. A name that is not a plain file name (or that clashes
with another when case is ignored) gets a short digest of the exact name: 'a b' -> a_b-c8687a08.tsv.
DIR must be new or empty (the files appear all at once); --force writes into a used DIR,
replacing the files of the same names and leaving the others.

submit sends a responses file's answers (from an annotator package, say) to the campaign: the
whole file is checked first, and any error (a NUL character, a bad flag...) is shown with its
line and column and nothing is sent. Your rows for instances assigned to you are saved on this
computer, as if typed in the app, and sent; the rows left out are counted with the reason.
Answers already on this computer are kept unless --replace. Close the campaign's corpus in
LexSub Studio first (it would not see the new answers until opened again).

sync (and submit) also list the answers the server refused (kept on this computer, sent again
once changed); they no longer hold the others up.

Exit status: 0 success; 2 bad usage, unreadable input, a file with errors (submit) or an
unreachable server; sync and submit 1 when answers are still waiting.
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
    assign.add_argument("--ca", metavar="FILE",
                        help="the CA certificate (PEM) the invitations carry, for "
                             "sslmode=verify-full (default: the URL's sslrootcert file)")

    revoke = commands.add_parser(
        "revoke", help="take an annotator out: no login, no pushes, answers out of agreement",
        description="Take an annotator out of a campaign: their login is turned off and their "
                    "sessions ended, they can push nothing more, and their answers (kept on the "
                    "server) are left out of agreement and export unless --keep-answers.")
    revoke.add_argument("url", metavar="URL")
    revoke.add_argument("--campaign", required=True, metavar="NAME")
    revoke.add_argument("--annotator", required=True, metavar="NAME")
    revoke.add_argument("--keep-answers", action="store_true",
                        help="keep their answers in agreement and export")

    reissue = commands.add_parser(
        "reissue", help="a new password and invitation file for an annotator",
        description="Give an annotator a new password and a new invitation file; the old "
                    "password stops working.")
    reissue.add_argument("url", metavar="URL")
    reissue.add_argument("--campaign", required=True, metavar="NAME")
    reissue.add_argument("--annotator", required=True, metavar="NAME")
    reissue.add_argument("--invitations", default="invitations", metavar="DIR",
                         help="where the invitation file goes (default ./invitations)")
    reissue.add_argument("--ca", metavar="FILE",
                         help="the CA certificate (PEM) the invitation carries")

    backup = commands.add_parser(
        "backup", help="back a campaign up, its annotators' roles included",
        description="Write a campaign's rows and its annotators' role verifiers to one file "
                    "(mode 0600).")
    backup.add_argument("url", metavar="URL")
    backup.add_argument("-o", "--output", required=True, metavar="FILE")
    backup.add_argument("--campaign", action="append", default=[], metavar="NAME",
                        help="the campaign to back up (again for more; default: all)")

    restore = commands.add_parser(
        "restore", help="restore a backup into a database set up for campaigns",
        description="Load a backup into a campaign database (after the server's one-time "
                    "setup) and make its annotators' roles again, so their invitations work.")
    restore.add_argument("backup", metavar="FILE")
    restore.add_argument("url", metavar="URL")

    setup = commands.add_parser(
        "server-setup", help="print the superuser's one-time setup of a campaign server",
        description="Print the psql script the PostgreSQL superuser runs once: the roles "
                    "(the organiser without CREATEROLE) and the campaign database. The "
                    "organiser's password goes in only as a SCRAM-SHA-256 verifier.")
    setup.add_argument("--organiser", required=True, metavar="NAME",
                       help="the organiser's login role")
    setup.add_argument("--database", default="campaigns", metavar="DB",
                       help="the campaign database (default: campaigns)")
    setup.add_argument("--password-file", metavar="FILE",
                       help="a file holding the organiser's password (asked for when not given)")
    setup.add_argument("-o", "--output", metavar="FILE",
                       help="write the script there (mode 0600) instead of printing it")

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

    export = commands.add_parser("export", help="one responses file per annotator",
                                 description="Write the campaign's answers, one responses file "
                                             "per annotator, into a folder.")
    export.add_argument("url", metavar="URL")
    export.add_argument("--campaign", required=True, metavar="NAME")
    export.add_argument("-o", "--output", required=True, metavar="DIR",
                        help="a new or empty folder for the files")
    export.add_argument("--force", action="store_true",
                        help="write into a folder that holds files, replacing those of the "
                             "same names")

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

    submit = commands.add_parser("submit", help="send a responses file's answers",
                                 description="Send your answers in a responses file to the "
                                             "campaign (checked whole first).")
    submit.add_argument("campaign", metavar="NAME")
    submit.add_argument("responses", metavar="RESPONSES", help="a responses file")
    submit.add_argument("--replace", action="store_true",
                        help="take the file's answer where this computer holds another")
    submit.add_argument("--annotator-in-file", metavar="NAME",
                        help="take this annotator's rows as yours (the file names you "
                             "otherwise)")
    submit.add_argument("--wait", type=float, default=60.0, metavar="SECONDS",
                        help="give up sending after this long (default 60)")


def run(args: argparse.Namespace) -> int:
    runners = {"init": run_init, "assign": run_assign, "handover": run_handover,
               "status": run_status, "export": run_export, "join": run_join,
               "sync": run_sync, "submit": run_submit, "revoke": run_revoke,
               "reissue": run_reissue, "backup": run_backup, "restore": run_restore,
               "server-setup": run_server_setup}
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
    from lexsub_studio.core.annotation.campaign.invitation import (
        check_invitation_paths,
        read_ca_certificate,
    )
    from lexsub_studio.core.annotation.campaign.plan import parse_annotators

    try:
        names = parse_annotators(args.annotators)
    except ValueError as error:
        print(f"lexsub: --annotators: {error}", file=sys.stderr)
        return exitcodes.USAGE
    ca_certificate = read_ca_certificate(args.url, args.ca)
    if not args.dry_run:
        # Before the server changes: an invitation that could not be written would be lost.
        check_invitation_paths(args.invitations, args.campaign, names)
    result = assign(args.url, args.campaign, names, args.per_instance, args.seed,
                    ca_certificate=ca_certificate, redeal=args.redeal, dry_run=args.dry_run)
    from lexsub_studio.core.annotation.campaign.deal import format_deal_changes

    if result.dry_run:
        print(f"dry run: nothing changed on the server; campaign {args.campaign!r} would be "
              f"{'dealt afresh' if args.redeal else 'dealt with finished work kept'}:")
        print(format_deal_changes(result.changes), end="")
        return exitcodes.OK
    for link in result.new_links:
        _write_invitation(args.invitations, link)
    print(format_deal_changes(result.changes), end="")
    listed = sorted(result.loads[name] for name in names)
    unlisted = sum(load for name, load in result.loads.items() if name not in names)
    print(f"campaign {args.campaign!r}: {sum(listed)} assignments among {len(names)} "
          f"annotators, {listed[0]} to {listed[-1]} each"
          + (f"; {unlisted} finished kept by people no longer listed" if unlisted else "")
          + ("" if args.redeal else
             f"; {sum(c.finished for c in result.changes)} finished kept in place"))
    return exitcodes.OK


def _write_invitation(folder: str, link: CampaignLink) -> None:
    from lexsub_studio.core.annotation.campaign.invitation import invitation_path
    from lexsub_studio.core.annotation.campaign.link import write_private

    path = invitation_path(folder, link.campaign, link.annotator)
    write_private(path, link.to_json())
    print(f"invitation for {link.annotator!r}: {path}")


def run_revoke(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.members import revoke

    done = revoke(args.url, args.campaign, args.annotator, keep_answers=args.keep_answers)
    when = done.revoked_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
    print(f"{done.annotator!r} {'was revoked already' if done.already else 'revoked'} "
          f"({when} UTC): login turned off, {done.sessions_ended} open session(s) ended; "
          "nothing more can be pushed")
    kept = ("kept in agreement and export (--keep-answers)" if done.answers_kept
            else "left out of agreement and export")
    print(f"their {done.answers} answer(s) stay on the server, {kept}")
    if done.unfinished:
        print(f"{done.unfinished} assigned instance(s) they had not answered stay assigned to "
              f"them: move them with lexsub campaign handover URL --campaign {args.campaign} "
              f"--from {_shell_word(done.annotator)}")
    return exitcodes.OK


def _shell_word(text: str) -> str:
    import shlex

    return shlex.quote(text)


def run_reissue(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.invitation import (
        invitation_path,
        read_ca_certificate,
    )
    from lexsub_studio.core.annotation.campaign.members import reissue

    ca_certificate = read_ca_certificate(args.url, args.ca)
    invitation_path(args.invitations, args.campaign, args.annotator)
    link = reissue(args.url, args.campaign, args.annotator, ca_certificate=ca_certificate)
    _write_invitation(args.invitations, link)
    print(f"the old password of {link.annotator!r} no longer logs in; hand them the new "
          "invitation privately: they run lexsub campaign join with it")
    return exitcodes.OK


def run_backup(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.backup import backup

    summary = backup(args.url, args.output, args.campaign)
    print(f"backed up {', '.join(map(repr, summary.campaigns))} to {args.output} (mode 0600: "
          f"it holds role verifiers): {summary.rows.get('answers', 0)} answers, "
          f"{summary.rows.get('conflicts', 0)} conflicts, {summary.roles} annotator roles")
    _say_without_verifier(summary.without_verifier)
    return exitcodes.OK


def _say_without_verifier(names: list[str]) -> None:
    if names:
        print(f"{len(names)} annotator(s) have a role made before LexSub Studio kept role "
              f"verifiers ({', '.join(names[:5])}{', ...' if len(names) > 5 else ''}): their "
              "roles are not in the backup; reissue their invitations after a restore")


def run_restore(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.backup import restore
    from lexsub_studio.core.annotation.server_url import public_url

    summary = restore(args.backup, args.url)
    print(f"restored {', '.join(map(repr, summary.campaigns))} on {public_url(args.url)}: "
          f"{summary.rows.get('answers', 0)} answers, {summary.rows.get('conflicts', 0)} "
          f"conflicts, {summary.roles} annotator roles made with their passwords: existing "
          "invitations work again (the server's name in them must reach this server)")
    _say_without_verifier(summary.without_verifier)
    return exitcodes.OK


def run_server_setup(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.db import scram_verifier
    from lexsub_studio.core.annotation.campaign.link import write_private
    from lexsub_studio.core.annotation.campaign.server_setup import setup_script

    if args.password_file is not None:
        password = _read_password(args.password_file)
    else:
        password = getpass.getpass(f"password for the organiser {args.organiser}: ")
        if password != getpass.getpass("the same again: "):
            print("lexsub: the two passwords differ", file=sys.stderr)
            return exitcodes.USAGE
    if not password:
        print("lexsub: no password given", file=sys.stderr)
        return exitcodes.USAGE
    try:
        script = setup_script(args.organiser, args.database, scram_verifier(password))
    except ValueError as error:
        print(f"lexsub: {error}", file=sys.stderr)
        return exitcodes.USAGE
    if args.output:
        write_private(Path(args.output), script)
        print(f"the setup script is in {args.output}: the PostgreSQL superuser runs it once "
              f"with psql -v ON_ERROR_STOP=1 -f {args.output}")
    else:
        print(script, end="")
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


def run_export(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.export import export_campaign

    result = export_campaign(args.url, args.campaign, args.output, replace=args.force)
    if not result.files:
        print(f"campaign {args.campaign!r} has no answers yet: no file written")
        return exitcodes.OK
    print(f"campaign {args.campaign!r}: {result.summary()}")
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
    _print_sync_status(status)
    return exitcodes.OK if status.state is SyncState.SYNCED else exitcodes.FAILED


def _print_sync_status(status: SyncStatus) -> None:
    print(status.text() + (f": {status.reason}" if status.reason else ""))
    if status.refused:
        print(f"refused by the server (kept on this computer, sent again once changed): "
              f"{status.refused}")
        for reason in status.refused_reasons:
            print(f"  {reason}")
        if status.refused > len(status.refused_reasons):
            print(f"  … and {status.refused - len(status.refused_reasons)} more")


def run_submit(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.link import load_link
    from lexsub_studio.core.annotation.campaign.submit import submit_responses
    from lexsub_studio.core.annotation.campaign.sync import CampaignSync, SyncState

    link = load_link(args.campaign)
    submission = submit_responses(link, args.responses, replace=args.replace,
                                  annotator_in_file=args.annotator_in_file)
    diagnostics = submission.read.diagnostics
    for diagnostic in diagnostics:
        print(str(diagnostic), file=sys.stderr)
    if submission.has_errors:
        print(f"lexsub: {args.responses}: {len(diagnostics.errors)} error(s); nothing was "
              "saved or sent",
              file=sys.stderr)
        return exitcodes.USAGE
    print(f"{args.responses}: {len(submission.read.rows)} rows read")
    left_out = submission.left_out()
    if left_out:
        print("left out:")
        for line in left_out:
            print(f"  {line}")
    replaced = (f" ({submission.replaced_stored} replacing others)"
                if submission.replaced_stored else "")
    print(f"saved on this computer: {len(submission.saved)} answer(s){replaced}")
    if submission.store_path is None:
        return exitcodes.OK
    sync = CampaignSync(submission.store_path, link)
    try:
        status = sync.drain(args.wait)
    finally:
        sync.close()
    _print_sync_status(status)
    if status.state is SyncState.SYNCED:
        return exitcodes.OK
    print(f"the answers are safe on this computer and go at the next sync (lexsub campaign "
          f"sync {args.campaign}, or opening the corpus in LexSub Studio)")
    return exitcodes.FAILED
