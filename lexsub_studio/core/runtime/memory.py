"""Giving memory that was freed back to the operating system.

Reading a large corpus builds an lxml tree of some 200 MB and then frees it; the C library
keeps those pages for later allocations, so the process still looks 200 MB bigger than what it
holds. glibc's ``malloc_trim`` hands the free pages back. Elsewhere (macOS, Windows, musl) there
is no such call, or the allocator returns memory by itself, and nothing is done.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from collections.abc import Callable
from functools import cache


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    name = ctypes.util.find_library("c") or "libc.so.6"
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def return_freed_memory() -> bool:
    """Hand the C library's free pages back to the system; True when it could be asked.

    ctypes releases Python's lock for the call, so other threads run meanwhile.
    """
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
