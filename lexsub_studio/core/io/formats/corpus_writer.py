"""Writing a corpus as lexelt XML that reads back to the same corpus.

The layout follows the SemEval task description (one element per line, two-space indents);
whitespace inside ``<context>`` is the data and is written exactly. Characters a parser would
normalise away are written as character references: a carriage return anywhere, and tabs and
newlines inside attribute values.
"""

from __future__ import annotations

import re
from pathlib import Path

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.model.data import Corpus, Instance

XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>'

_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
_ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                                    "\t": "&#9;", "\n": "&#10;", "\r": "&#13;"})
#: Characters XML 1.0 cannot carry at all, not even as character references.
_NOT_XML_CHARACTER = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_XML_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9._-]*\Z")


def _checked(value: str, what: str) -> str:
    bad = _NOT_XML_CHARACTER.search(value)
    if bad:
        raise ValueError(f"{what} contains U+{ord(bad.group(0)):04X}, which XML cannot "
                         "represent")
    return value


def _text(value: str, what: str) -> str:
    return _checked(value, what).translate(_TEXT_ESCAPES)


def _attribute(value: str, what: str) -> str:
    return '"' + _checked(value, what).translate(_ATTRIBUTE_ESCAPES) + '"'


def _instance_xml(instance: Instance, where: str) -> str:
    if not 0 <= instance.head_start <= instance.head_end <= len(instance.context):
        raise ValueError(f"{where}: head span {instance.head_start}..{instance.head_end} lies "
                         f"outside its context of {len(instance.context)} characters")
    attributes = [f" id={_attribute(instance.id, where + ' id')}"]
    for name, value in instance.attributes.items():
        if name == "id" or not _XML_NAME.match(name):
            raise ValueError(f"{where}: {name!r} cannot be written as an attribute name")
        attributes.append(f" {name}={_attribute(value, f'{where} attribute {name}')}")
    context = instance.context
    return (
        f"    <instance{''.join(attributes)}>\n"
        f"      <context>{_text(context[:instance.head_start], where)}"
        f"<head>{_text(context[instance.head_start:instance.head_end], where)}</head>"
        f"{_text(context[instance.head_end:], where)}</context>\n"
        "    </instance>\n"
    )


def corpus_to_xml(corpus: Corpus) -> str:
    """The corpus as lexelt XML text (with its DOCTYPE line, if it had one).

    Raises ValueError when something cannot be written: a character XML forbids, a head span
    outside its context, an attribute name that is not an XML name.
    """
    parts = [XML_DECLARATION, "\n"]
    if corpus.doctype:
        parts += [corpus.doctype, "\n"]
    lang = "" if corpus.lang is None else f" lang={_attribute(corpus.lang, 'corpus lang')}"
    parts.append(f"<corpus{lang}>\n")
    for lexelt in corpus.lexelts:
        parts.append(f"  <lexelt item={_attribute(lexelt.item, 'lexelt item')}>\n")
        for instance in lexelt.instances:
            parts.append(_instance_xml(instance, f"instance {instance.id} of lexelt "
                                                 f"{lexelt.item}"))
        parts.append("  </lexelt>\n")
    parts.append("</corpus>\n")
    return "".join(parts)


def write_corpus(corpus: Corpus, path: str | Path) -> None:
    """Write the corpus atomically: the file is complete or untouched."""
    atomic_write_text(path, corpus_to_xml(corpus))
