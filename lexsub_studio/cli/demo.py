"""``lexsub demo PATH``: a copy of the bundled demo (docs/demo.md) in a folder of the user's.

The installed demo may be read-only and lies deep inside the installation (a wheel's
site-packages, a bundle's ``_internal/``); a copy is somewhere to try every command and to
change files without changing the demo for the next lesson.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

from lexsub_studio.cli import exitcodes

DESCRIPTION = """\
Copy the bundled demo dataset (docs/demo.md: the corpus demo.xml, five annotators' responses,
the gold and multiword gold, three systems' answers) into PATH, which is made if missing.
Existing files are never replaced unless --force is given; the files appear together or not
at all. Prints each file written and a few commands to try on the copy."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", metavar="PATH", help="the folder to copy the demo into")
    parser.add_argument("--force", action="store_true",
                        help="replace files of the same names already in PATH")


def demo_files() -> list[Path]:
    """The demo's files, relative to the installed demo folder, in a stable order."""
    from lexsub_studio.paths import demo_dir

    root = demo_dir()
    return sorted(path.relative_to(root) for path in root.rglob("*")
                  if path.is_file() and not _is_tooling(path.relative_to(root)))


def _is_tooling(relative: Path) -> bool:
    """Files no user wrote into the demo: byte-code caches and hidden files."""
    return any(part == "__pycache__" or part.startswith(".") for part in relative.parts)


def next_commands(folder: str) -> list[str]:
    """What to try on the copy, every path as the user gave it (quoted for a POSIX shell)."""
    def at(name: str) -> str:
        return shlex.quote(os.path.join(folder, name))

    return [
        f"lexsub validate {at('demo.xml')} {at('gold')} {at('responses')}/*.tsv",
        f"lexsub score {at('systems/alpha.best')} {at('gold')} -v",
        f"lexsub agree {at('responses')}/*.tsv",
        f"lexsub gold {at('responses')}/*.tsv -o {at('pooled.gold')} --mw {at('pooled.mw')} "
        f"--corpus {at('demo.xml')}",
        f"lexsub score {at('systems/gamma.weighted')} {at('gold')} --metrics all --by pos",
        f"lexsub-studio {at('demo.xml')}",
    ]


def run(args: argparse.Namespace) -> int:
    from lexsub_studio.core.io.output_paths import check_outputs
    from lexsub_studio.core.io.output_set import write_output_set
    from lexsub_studio.paths import demo_dir

    folder = Path(args.folder)
    if folder.exists() and not folder.is_dir():
        print(f"lexsub demo: {args.folder}: error: not a folder; name a folder (it is made "
              "if missing)", file=sys.stderr)
        return exitcodes.USAGE
    relatives = demo_files()
    sources = [demo_dir() / relative for relative in relatives]
    targets = [folder / relative for relative in relatives]
    existing = [target for target in targets if os.path.lexists(target)]
    if existing and not args.force:
        shown = ", ".join(str(path) for path in existing[:3])
        more = f" and {len(existing) - 3} more" if len(existing) > 3 else ""
        print(f"lexsub demo: {args.folder}: error: {len(existing)} of the demo's "
              f"{len(targets)} files are there already ({shown}{more}); nothing was "
              "written: give --force to replace them, or name another folder",
              file=sys.stderr)
        return exitcodes.USAGE
    # The demo copied onto itself (PATH is the installed demo) is refused here, by name.
    check_outputs(sources, [("PATH", target) for target in targets])
    write_output_set([(target, source.read_bytes())
                      for source, target in zip(sources, targets, strict=True)])
    for target in targets:
        print(f"wrote {target}")
    replaced = f" ({len(existing)} replaced)" if existing else ""
    print(f"{len(targets)} files of the demo in {args.folder}{replaced} (docs/demo.md says "
          "what each is for). Try:")
    for command in next_commands(args.folder):
        print(f"  {command}")
    return exitcodes.OK
