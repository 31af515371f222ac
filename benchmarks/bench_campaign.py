"""Load and faults for campaign sync: many annotators, a server that goes away, killed clients.

50 simulated annotators (ten client processes of five) each commit 2,000 answers to their own
SQLite store (AnnotationStore, as the app does: one fsynced transaction per answer, the last 10%
edits of earlier answers, so revisions above 1 travel too) while each store's CampaignSync
thread sends them to a throwaway PostgreSQL on 127.0.0.1. During the run the server is stopped
and restarted twice, and client processes are killed (SIGKILL) at random and started again;
a restarted client carries on from what its stores hold.

Afterwards every answer committed locally must be on the server exactly once, at its last
revision: the script prints answers per second, the sync lag (server receipt minus local
commit, largest and median), and the number lost and duplicated (both must be 0; the exit
status is 1 otherwise). Everything stays on this machine and the run is bounded (--deadline).

    .venv/bin/python benchmarks/bench_campaign.py [--annotators 50] [--answers 2000]
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
from lexsub_studio.core.annotation.campaign.sync import CampaignSync, pending_count  # noqa: E402
from lexsub_studio.core.annotation.store import AnnotationStore  # noqa: E402
from lexsub_studio.core.annotation.store_faults import StoreError  # noqa: E402
from lexsub_studio.core.model.data import ResponseRow  # noqa: E402

CAMPAIGN = "load"
PER_CLIENT = 5
EDIT_SHARE = 0.1


# -- a client process: five annotators, each a store and a sync thread ------------------------


def _plan(keys: list[list[str]], answers: int) -> list[tuple[str, str]]:
    """The instances an annotator answers, in order: new ones first, then edits of earlier."""
    fresh = answers - int(answers * EDIT_SHARE)
    order = [(lexelt, id_) for lexelt, id_ in keys[:fresh]]
    rng = random.Random(len(keys))
    return order + [order[rng.randrange(fresh)] for _ in range(answers - fresh)]


def run_client(spec_path: str) -> None:
    spec = json.loads(Path(spec_path).read_text(encoding="utf-8"))
    answers = int(spec["answers"])
    people = []
    for person in spec["people"]:
        link = CampaignLink(**person["link"])
        store = AnnotationStore.open(person["store"])
        # Every answer committed is one revision: their sum is how far this store got.
        done = int(store._db.execute("SELECT coalesce(sum(revision), 0) FROM outbox")
                   .fetchone()[0])
        sync = CampaignSync(store.path, link, retry_seconds=0.3, connect_timeout=2)
        sync.start()
        people.append((link, store, sync, _plan(person["keys"], answers), done))
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
    parser.add_argument("--deadline", type=float, default=600.0, metavar="SECONDS")
    parser.add_argument("--seed", type=int, default=2007)
    parser.add_argument("--client", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.client:
        run_client(args.client)
        return 0
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
                "lexsub.instances AS i USING (campaign, lexelt, id) ORDER BY i.position"):
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
        spec.write_text(json.dumps({"answers": args.answers, "people": people}),
                        encoding="utf-8")
        clients.append(Client(spec, work / f"client{start // PER_CLIENT:02d}.log"))

    total = args.annotators * args.answers
    began = time.monotonic()
    for client in clients:
        client.start()
    outages: list[float] = []
    stop_chaos = threading.Event()

    def committed() -> int:
        count = 0
        for path in stores.values():
            if path.exists():
                db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
                try:
                    count += int(db.execute("SELECT coalesce(sum(revision), 0) FROM outbox")
                                 .fetchone()[0])
                except sqlite3.Error:
                    pass
                finally:
                    db.close()
        return count

    def chaos() -> None:
        """Two outages at a quarter and at three fifths of the commits; kills in between."""
        marks = [0.25, 0.6]
        while not stop_chaos.wait(1.0):
            done = committed() / total
            if marks and done >= marks[0]:
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
        time.sleep(0.5)
    stop_chaos.set()
    conductor.join()
    if len(outages) < 2:
        # A run too quick for the marks still gets its two outages, after the commits.
        for _ in range(2 - len(outages)):
            server.stop()
            time.sleep(1.0)
            server.start()
            outages.append(1.0)
        for client in clients:
            if not client.finished():
                client.kill()
                client.start()
        while time.monotonic() < deadline and not all(c.finished() for c in clients):
            time.sleep(0.5)
    elapsed = time.monotonic() - began
    finished = all(client.finished() for client in clients)
    for client in clients:
        client.kill()
    return report(url, stores, links, total, elapsed, outages,
                  sum(client.kills for client in clients), finished)


def report(url: str, stores: dict[str, Path], links: dict[str, CampaignLink], total: int,
           elapsed: float, outages: list[float], kills: int, finished: bool) -> int:
    local: dict[tuple[str, str, str], tuple[int, str]] = {}
    committed = 0
    for name, path in stores.items():
        db = sqlite3.connect(path)
        committed += int(db.execute("SELECT coalesce(sum(revision), 0) FROM outbox")
                         .fetchone()[0])
        for lexelt, id_, revision, sub1 in db.execute(
                "SELECT o.lexelt, o.id, o.revision, a.sub1 FROM outbox AS o "
                "JOIN answers AS a USING (lexelt, id)"):
            local[(name, lexelt, id_)] = (int(revision), str(sub1))
        db.close()
    with connect(url) as db:
        rows = db.execute("SELECT annotator, lexelt, id, revision, sub1, "
                          "extract(epoch FROM received_at - changed_at) FROM lexsub.answers "
                          "WHERE campaign = %s", (CAMPAIGN,)).fetchall()
        conflicts = db.execute("SELECT count(*) FROM lexsub.conflicts").fetchone()[0]
    server_rows: dict[tuple[str, str, str], tuple[int, str]] = {}
    duplicated = int(conflicts)
    for annotator, lexelt, id_, revision, sub1, _ in rows:
        key = (annotator, lexelt, id_)
        if key in server_rows or key not in local:
            duplicated += 1
        server_rows[key] = (int(revision), str(sub1))
    lost = sum(1 for key, value in local.items() if server_rows.get(key) != value)
    lags = sorted(float(row[5]) for row in rows)
    print(f"annotators: {len(stores)}; answers committed locally: {committed:,} of {total:,} "
          f"({len(local):,} distinct instances answered)")
    print(f"faults: server stopped and restarted {len(outages)} times "
          f"({', '.join(f'{s:.1f} s' for s in outages)} down); client processes killed: {kills}")
    print(f"wall time: {elapsed:.1f} s; answers per second (committed and on the server): "
          f"{committed / elapsed:,.0f}")
    if lags:
        print(f"sync lag (server receipt - local commit): largest {lags[-1]:.2f} s, "
              f"median {statistics.median(lags):.3f} s")
    print(f"lost: {lost}; duplicated: {duplicated}")
    if not finished:
        print("the run did not finish before the deadline")
    return 0 if finished and lost == 0 and duplicated == 0 and committed == total else 1


if __name__ == "__main__":
    sys.exit(main())
