"""Load and faults for campaign sync: many annotators, a server that goes away, killed clients.

Four measurements against a throwaway PostgreSQL on 127.0.0.1, each printed beside its target
(docs/campaign.md, "Tests and measurements"):

1. **Sync of 50 annotators x 2,000 answers** (ten client processes of five). Each annotator's
   SQLite store first holds its 2,000 answers, committed one transaction per answer through
   AnnotationStore as the app does (the last 10% edits of earlier answers, so revisions above 1
   travel too; the fsync is skipped while filling, which is set-up, not sync). Then each store's
   CampaignSync thread sends them while the server is stopped and restarted twice and client
   processes are killed (SIGKILL) at random and started again (a restarted client carries on from
   what its stores hold). The rate is the answers committed over the wall time until every store
   is on the server: the sync's own throughput, which is what can fall behind. Target >= 1,000
   answers/s.
2. **The annotators keep working**: each commits 200 more answers (edits), now one *fsynced*
   transaction each as in the app, while the sync runs and clients are killed. This prints the
   pace the stores commit at (bounded by the disk's fsync, not by the server) and the sync lag
   (server receipt minus local commit): the sync keeps up when the lag stays small.
3. **An idle round with 50,000 instances assigned** (nothing to send, assignment unchanged):
   median and largest of 30 rounds, beside a round that pulls the whole assignment (what every
   round cost before the assignment version). Target < 100 ms.
4. **The organiser's monitor refresh** (core/annotation/campaign/monitor.snapshot: progress,
   every live answer, the agreement figures) at 100,000 answers of 20 annotators: two refreshes
   that read and compute everything (the slower must be < 2 s), then one that finds nothing
   changed since the last and reuses its figures, as the campaign window's refreshes do.

Afterwards every answer committed locally must be on the server exactly once, at its last
revision: lost and duplicated must both be 0 (the exit status is 1 otherwise). Everything stays
on this machine and the run is bounded (--deadline).

    .venv/bin/python benchmarks/bench_campaign.py [--annotators 50] [--answers 2000]
        [--rows idle,monitor,sync]

``--rows`` picks the measurements (all three by default; ``sync`` is phases 1 and 2 and the
check of lost and duplicated answers).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from campaign_fixtures import made_up_corpus  # noqa: E402
from postgres_server import start_server  # noqa: E402

from lexsub_studio.core.annotation.campaign.db import assign, connect, init_campaign  # noqa: E402
from lexsub_studio.core.annotation.campaign.link import CampaignLink  # noqa: E402
from lexsub_studio.core.annotation.campaign.monitor import snapshot  # noqa: E402
from lexsub_studio.core.annotation.campaign.sync import (  # noqa: E402
    ASSIGNMENT_VERSION_KEY,
    CampaignSync,
    pending_count,
)
from lexsub_studio.core.annotation.store import AnnotationStore  # noqa: E402
from lexsub_studio.core.annotation.store_faults import StoreError  # noqa: E402
from lexsub_studio.core.model.data import ResponseRow  # noqa: E402

CAMPAIGN = "load"
PER_CLIENT = 5
EDIT_SHARE = 0.1
#: Answers each annotator commits in the live phase, fsynced, while the sync runs.
LIVE_ANSWERS = 200
IDLE_ASSIGNED = 50_000
IDLE_ROUNDS = 30
MONITOR_ANNOTATORS = 20
MONITOR_ANSWERS = 100_000
MONITOR_PER_INSTANCE = 5
#: The measurements ``--rows`` can pick.
ROWS = ("idle", "monitor", "sync")


# -- a client process: five annotators, each a store and a sync thread ------------------------


def _plan(keys: list[list[str]], answers: int, live: int) -> list[tuple[str, str]]:
    """The instances an annotator answers, in order: new ones first, then edits of earlier
    ones, then the live phase's edits."""
    fresh = answers - int(answers * EDIT_SHARE)
    order = [(lexelt, id_) for lexelt, id_ in keys[:fresh]]
    rng = random.Random(len(keys))
    return order + [order[rng.randrange(fresh)] for _ in range(answers - fresh + live)]


def _done(store: AnnotationStore) -> int:
    """Every answer committed is one revision: their sum is how far this store got."""
    return int(store._db.execute("SELECT coalesce(sum(revision), 0) FROM outbox")
               .fetchone()[0])


def fill(spec_path: Path) -> None:
    """Commit each annotator's first answers to their store (the set-up of phase 1)."""
    spec = json.loads(spec_path.read_text(encoding="utf-8"))
    for person in spec["people"]:
        store = AnnotationStore.open(person["store"])
        store._db.execute("PRAGMA synchronous=OFF")  # set-up: the fsync is phase 2's business
        name = person["link"]["annotator"]
        plan = _plan(person["keys"], int(spec["first"]), 0)
        for done in range(_done(store), len(plan)):
            lexelt, id_ = plan[done]
            store.put_answer(ResponseRow(lexelt, id_, name, (f"word{done % 97}", f"alt{done}")))
        store.close()


def run_client(spec_path: str) -> None:
    spec = json.loads(Path(spec_path).read_text(encoding="utf-8"))
    first, live = int(spec["first"]), int(spec["live"])
    people = []
    for person in spec["people"]:
        link = CampaignLink(**person["link"])
        store = AnnotationStore.open(person["store"])
        sync = CampaignSync(store.path, link, retry_seconds=0.3, connect_timeout=2)
        sync.start()
        people.append((link, store, sync, _plan(person["keys"], first, live), _done(store)))
    step = 0
    while True:
        busy = False
        for index, (link, store, sync, plan, done) in enumerate(people):
            if done >= len(plan):
                continue
            busy = True
            lexelt, id_ = plan[done]
            try:
                store.put_answer(ResponseRow(lexelt, id_, link.annotator,
                                             (f"word{step % 97}", f"alt{done}")))
            except StoreError:
                # As the app does: the answer waits and is saved again a moment later.
                time.sleep(0.05)
                continue
            people[index] = (link, store, sync, plan, done + 1)
            if done % 25 == 0:
                sync.wake()
            step += 1
        if not busy:
            break
    for _, _, sync, _, _ in people:
        sync.wake()
    while any(pending_count(store._db) for _, store, _, _, _ in people):
        time.sleep(0.2)
    for _, store, sync, _, _ in people:
        sync.stop()
        store.close()


# -- the conductor ------------------------------------------------------------------------------


class Client:
    def __init__(self, spec: Path, log: Path) -> None:
        self.spec, self.log, self.process = spec, log, None
        self.kills = 0

    def set_phase(self, first: int, live: int) -> None:
        spec = json.loads(self.spec.read_text(encoding="utf-8"))
        spec.update(first=first, live=live)
        self.spec.write_text(json.dumps(spec), encoding="utf-8")

    def start(self) -> None:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, __file__, "--client", str(self.spec)],
                stdout=log, stderr=log, cwd=REPO)

    def finished(self) -> bool:
        return self.process is not None and self.process.poll() == 0

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.kills += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--annotators", type=int, default=50)
    parser.add_argument("--answers", type=int, default=2000)
    parser.add_argument("--idle-assigned", type=int, default=IDLE_ASSIGNED)
    parser.add_argument("--monitor-answers", type=int, default=MONITOR_ANSWERS)
    parser.add_argument("--monitor-annotators", type=int, default=MONITOR_ANNOTATORS)
    parser.add_argument("--deadline", type=float, default=600.0, metavar="SECONDS")
    parser.add_argument("--seed", type=int, default=2007)
    parser.add_argument("--rows", default=",".join(ROWS), metavar="ROW,...",
                        help=f"the measurements to make, of {', '.join(ROWS)} (default: all)")
    parser.add_argument("--client", help=argparse.SUPPRESS)
    parser.add_argument("--fill", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.client:
        run_client(args.client)
        return 0
    if args.fill:
        fill(Path(args.fill))
        return 0
    args.rows = [row.strip() for row in args.rows.split(",") if row.strip()]
    unknown = sorted(set(args.rows) - set(ROWS))
    if unknown or not args.rows:
        parser.error(f"--rows takes some of {', '.join(ROWS)}, not {', '.join(unknown) or 'none'}")
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="lexsub_bench_campaign_"))
    server = start_server()
    clients: list[Client] = []
    try:
        return conduct(args, rng, work, server, clients)
    finally:
        for client in clients:
            client.kill()
        server.remove()
        shutil.rmtree(work, ignore_errors=True)


def conduct(args: argparse.Namespace, rng: random.Random, work: Path, server,
            clients: list[Client]) -> int:
    url = server.url()
    rows: list[str] = []
    if "idle" in args.rows:
        rows.append(idle_round(url, work, args.idle_assigned))
        print(rows[-1], flush=True)
    if "monitor" in args.rows:
        rows.append(monitor_refresh(url, args.monitor_answers, args.monitor_annotators))
        print(rows[-1], flush=True)
    if "sync" not in args.rows:
        print("\n" + "\n".join(rows))
        return 0

    names = [f"annotator{number:02d}" for number in range(1, args.annotators + 1)]
    per_instance = 5
    fresh = args.answers - int(args.answers * EDIT_SHARE)
    per_lexelt = -(-fresh * args.annotators // per_instance // 4)
    corpus, xml = made_up_corpus(per_lexelt)
    init_campaign(url, CAMPAIGN, "Load test", corpus, xml)
    result = assign(url, CAMPAIGN, names, per_instance, seed=args.seed)
    links = {link.annotator: link for link in result.new_links}
    with connect(url) as db:
        keys: dict[str, list[list[str]]] = {name: [] for name in names}
        for annotator, lexelt, id_ in db.execute(
                "SELECT s.annotator, s.lexelt, s.id FROM lexsub.assignments AS s JOIN "
                "lexsub.instances AS i USING (campaign, lexelt, id) WHERE s.campaign = %s "
                "ORDER BY i.position", (CAMPAIGN,)):
            keys[annotator].append([lexelt, id_])
    stores: dict[str, Path] = {}
    for start in range(0, len(names), PER_CLIENT):
        people = []
        for name in names[start:start + PER_CLIENT]:
            link = links[name]
            stores[name] = work / f"{name}.sqlite3"
            people.append({"link": {"url": link.url, "campaign": link.campaign,
                                    "annotator": link.annotator, "role": link.role,
                                    "password": link.password},
                           "store": str(stores[name]), "keys": keys[name]})
        spec = work / f"client{start // PER_CLIENT:02d}.json"
        spec.write_text(json.dumps({"first": args.answers, "live": 0, "people": people}),
                        encoding="utf-8")
        clients.append(Client(spec, work / f"client{start // PER_CLIENT:02d}.log"))

    # Phase 1's set-up: the stores hold their answers (one process per client, in parallel).
    began = time.monotonic()
    fillers = [subprocess.Popen([sys.executable, __file__, "--fill", str(client.spec)], cwd=REPO)
               for client in clients]
    if any(filler.wait() != 0 for filler in fillers):
        print("filling the stores failed")
        return 1
    filled = time.monotonic() - began
    total = args.annotators * args.answers
    distinct = sum(_count(path, "SELECT count(*) FROM outbox") for path in stores.values())

    # Phase 1: the sync sends them all, through two server restarts and client kills.
    outages: list[float] = []
    synced_share = lambda: _sum(stores, "synced_revision") / total  # noqa: E731
    elapsed, kills, finished = run_phase(args, rng, server, clients, synced_share, outages,
                                         restarts=2)
    if not finished:
        print("phase 1 did not finish before the deadline")
    rows.append(
        f"sync of {args.annotators} annotators x {args.answers:,} answers ({total:,} committed, "
        f"{distinct:,} distinct instances; stores filled in {filled:.1f} s), server restarted "
        f"{len(outages)} times ({', '.join(f'{s:.1f} s' for s in outages)} down), {kills} "
        f"client kills: {elapsed:.1f} s, {total / elapsed:,.0f} answers/s "
        f"({distinct / elapsed:,.0f} rows/s)   target >= 1,000 answers/s: "
        f"{_verdict(total / elapsed >= 1000)}")
    print(rows[-1], flush=True)

    # Phase 2: the annotators keep working, fsynced, while the sync runs and clients are killed.
    for client in clients:
        client.set_phase(args.answers, LIVE_ANSWERS)
    live_total = args.annotators * LIVE_ANSWERS
    with connect(url) as db:
        live_start = db.execute("SELECT clock_timestamp()").fetchone()[0]
    committed_share = lambda: (_sum(stores, "revision") - total) / live_total  # noqa: E731
    live_elapsed, live_kills, live_finished = run_phase(args, rng, server, clients,
                                                        committed_share, [], restarts=0)
    finished = finished and live_finished
    with connect(url) as db:
        lags = sorted(float(row[0]) for row in db.execute(
            "SELECT extract(epoch FROM received_at - changed_at) FROM lexsub.answers "
            "WHERE campaign = %s AND received_at >= %s", (CAMPAIGN, live_start)))
    lag = (f"sync lag (server receipt - local commit) median {statistics.median(lags):.3f} s, "
           f"largest {lags[-1]:.2f} s" if lags else "no lag measured")
    rows.append(
        f"annotators keep working: {live_total:,} more answers committed one fsynced "
        f"transaction each while syncing, {live_kills} client kills: {live_elapsed:.1f} s, "
        f"{live_total / live_elapsed:,.0f} answers/s committed (the stores' fsync pace); {lag}")
    print(rows[-1], flush=True)
    for client in clients:
        client.kill()
    lost, duplicated = check(url, stores)
    rows.append(f"lost: {lost}; duplicated: {duplicated}   target 0 and 0: "
                f"{_verdict(lost == 0 and duplicated == 0)}")
    print(rows[-1])
    print("\n" + "\n".join(rows))
    return 0 if finished and lost == 0 and duplicated == 0 else 1


def run_phase(args: argparse.Namespace, rng: random.Random, server, clients: list[Client],
              progress, outages: list[float], restarts: int) -> tuple[float, int, bool]:
    """Start every client and wait for all to finish; meanwhile stop and restart the server
    ``restarts`` times (at a quarter and at three fifths of ``progress``) and kill clients at
    random. (wall time, kills, whether all finished before the deadline)."""
    kills_before = sum(client.kills for client in clients)
    began = time.monotonic()
    for client in clients:
        client.start()
    stop_chaos = threading.Event()

    def chaos() -> None:
        marks = [0.25, 0.6][:restarts]
        while not stop_chaos.wait(1.0):
            if marks and progress() >= marks[0]:
                marks.pop(0)
                server.stop()
                down = time.monotonic()
                stop_chaos.wait(3.0)
                server.start()
                outages.append(time.monotonic() - down)
            if rng.random() < 0.35:
                victim = rng.choice([c for c in clients if not c.finished()] or clients)
                if not victim.finished():
                    victim.kill()
                    victim.start()

    conductor = threading.Thread(target=chaos, daemon=True)
    conductor.start()
    deadline = began + args.deadline
    while time.monotonic() < deadline:
        if all(client.finished() for client in clients):
            break
        for client in clients:
            code = client.process.poll() if client.process else None
            if code not in (None, 0, -signal.SIGKILL):
                print(f"a client failed (exit {code}); see {client.log}")
                client.start()
        time.sleep(0.2)
    stop_chaos.set()
    conductor.join()
    elapsed = time.monotonic() - began
    while len(outages) < restarts:
        # A phase too quick for the marks still gets its outages, and must then finish again.
        server.stop()
        time.sleep(1.0)
        server.start()
        outages.append(1.0)
        for client in clients:
            client.start()
        while time.monotonic() < deadline and not all(c.finished() for c in clients):
            time.sleep(0.2)
        elapsed = time.monotonic() - began
    finished = all(client.finished() for client in clients)
    return elapsed, sum(client.kills for client in clients) - kills_before, finished


def _count(path: Path, sql: str) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    try:
        return int(db.execute(sql).fetchone()[0])
    except sqlite3.Error:
        return 0
    finally:
        db.close()


def _sum(stores: dict[str, Path], column: str) -> int:
    return sum(_count(path, f"SELECT coalesce(sum({column}), 0) FROM outbox")
               for path in stores.values() if path.exists())


def _verdict(met: bool) -> str:
    return "met" if met else "NOT MET"


def idle_round(url: str, work: Path, assigned: int) -> str:
    """Rounds of one annotator's sync with ``assigned`` instances assigned, nothing to send."""
    corpus, xml = made_up_corpus(assigned // 4)
    init_campaign(url, "idle", "Idle rounds", corpus, xml)
    link = assign(url, "idle", ["solo"], 1, seed=1).new_links[0]
    store = AnnotationStore.open(work / "solo.sqlite3")
    store.put_answer(ResponseRow("bright.a", "1", "solo", ("vivid",)))
    sync = CampaignSync(store.path, link)
    try:
        began = time.perf_counter()
        first = sync.sync_once()
        first_pull = time.perf_counter() - began
        assert first.assigned == assigned // 4 * 4, first
        times = []
        for _ in range(IDLE_ROUNDS):
            began = time.perf_counter()
            status = sync.sync_once()
            times.append(time.perf_counter() - began)
            assert status.state.value == "synced", status
        # What every round cost before: the whole assignment pulled and compared.
        store.set_meta({ASSIGNMENT_VERSION_KEY: "forgotten"})
        began = time.perf_counter()
        sync.sync_once()
        full = time.perf_counter() - began
    finally:
        sync.close()
        store.close()
    median = statistics.median(times)
    return (f"idle round with {assigned:,} assigned: median {median * 1000:.1f} ms, "
            f"largest {max(times) * 1000:.1f} ms over {IDLE_ROUNDS} rounds (a round pulling the "
            f"whole assignment: {full * 1000:.0f} ms; the first: {first_pull * 1000:.0f} ms)   "
            f"target < 100 ms: {_verdict(median < 0.1)}")


def monitor_refresh(url: str, answers: int, annotators: int = MONITOR_ANNOTATORS) -> str:
    """The organiser's monitor over ``answers`` answers of ``annotators`` annotators."""
    instances = answers // MONITOR_PER_INSTANCE
    corpus, xml = made_up_corpus(instances // 4)
    init_campaign(url, "monitor", "Monitor", corpus, xml)
    names = [f"reader{number:02d}" for number in range(1, annotators + 1)]
    assign(url, "monitor", names, MONITOR_PER_INSTANCE, seed=3)
    words = ["bright", "vivid", "shining", "clear", "light", "sunny", "glowing", "radiant"]
    with connect(url) as db:
        pairs = db.execute("SELECT annotator, lexelt, id FROM lexsub.assignments "
                           "WHERE campaign = 'monitor'").fetchall()
        with db.cursor() as cursor, cursor.copy(
                "COPY lexsub.answers (campaign, annotator, lexelt, id, sub1, sub2, revision, "
                "device, changed_at) FROM STDIN") as copy:
            for number, (annotator, lexelt, id_) in enumerate(pairs):
                choice = (len(lexelt) + int(id_) + number % 3) % len(words)
                copy.write_row(("monitor", annotator, lexelt, id_, words[choice],
                                words[(choice + 1) % len(words)], 1, "bench",
                                "2026-01-01T00:00:00+00:00"))
        db.commit()
        # As autovacuum does for answers that arrive over weeks: the planner knows the table.
        db.execute("ANALYZE lexsub.answers")
        db.commit()
    times = []
    for _ in range(2):
        began = time.perf_counter()
        view = snapshot(url, "monitor")
        times.append(time.perf_counter() - began)
    assert len(view.responses) == len(pairs) and not view.reused
    began = time.perf_counter()
    again = snapshot(url, "monitor", previous=view)
    unchanged = time.perf_counter() - began
    assert again.reused
    return (f"organiser's monitor refresh (monitor.snapshot) at {len(pairs):,} answers of "
            f"{annotators} annotators: {', '.join(f'{t:.2f} s' for t in times)} "
            f"(a refresh finding nothing changed: {unchanged:.2f} s)   "
            f"target < 2 s: {_verdict(max(times) < 2)}")


def check(url: str, stores: dict[str, Path]) -> tuple[int, int]:
    """(lost, duplicated): every store's answers against the server's."""
    local: dict[tuple[str, str, str], tuple[int, str]] = {}
    for name, path in stores.items():
        db = sqlite3.connect(path)
        for lexelt, id_, revision, sub1 in db.execute(
                "SELECT o.lexelt, o.id, o.revision, a.sub1 FROM outbox AS o "
                "JOIN answers AS a USING (lexelt, id)"):
            local[(name, lexelt, id_)] = (int(revision), str(sub1))
        db.close()
    with connect(url) as db:
        rows = db.execute("SELECT annotator, lexelt, id, revision, sub1 FROM lexsub.answers "
                          "WHERE campaign = %s", (CAMPAIGN,)).fetchall()
        conflicts = db.execute("SELECT count(*) FROM lexsub.conflicts WHERE campaign = %s",
                               (CAMPAIGN,)).fetchone()[0]
    server_rows: dict[tuple[str, str, str], tuple[int, str]] = {}
    duplicated = int(conflicts)
    for annotator, lexelt, id_, revision, sub1 in rows:
        key = (annotator, lexelt, id_)
        if key in server_rows or key not in local:
            duplicated += 1
        server_rows[key] = (int(revision), str(sub1))
    lost = sum(1 for key, value in local.items() if server_rows.get(key) != value)
    return lost, duplicated


if __name__ == "__main__":
    sys.exit(main())
