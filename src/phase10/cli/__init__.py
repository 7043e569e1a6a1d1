"""The ``phase10`` command: demo games, a terminal game, simulations, replays, the variants.

Run ``phase10`` (or ``python -m phase10``) for the commands, ``phase10 --version``
for the version:

* ``demo``: a seeded bot game, told hand by hand;
* ``play``: you against bots in the terminal;
* ``simulate``: many bot games, summarised (``--json`` for programs);
* ``replay FILE``: a saved game record, told hand by hand like ``demo``;
* ``variants``: the registered variants.

Every command is a function of its arguments that writes to the given
stream, so :func:`main` can be called from tests and other programs. Errors
the library raises (:class:`~phase10.Phase10Error`) and unreadable files end
the command with one line on standard error and exit status 2, the status
argparse uses for bad arguments.

>>> main(["variants", "--plain"])  # doctest: +ELLIPSIS
name ...
standard ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

from .. import __version__
from ..errors import Phase10Error
from ..pipes import silence_stdout
from ..variants import PluginWarning
from . import demo, play, replay, simulate, variants
from .demo import run_demo
from .replay import run_replay
from .simulate import print_summary
from .variants import print_variants

__all__ = ["console_main", "main", "print_summary", "print_variants", "run_demo", "run_replay"]

_COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "demo": demo.run,
    "play": play.run,
    "simulate": simulate.run,
    "replay": replay.run,
    "variants": variants.run,
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="phase10",
        description="The Phase 10 rules engine: demo games, a terminal game, simulations.",
        epilog="Run 'phase10 COMMAND --help' for a command's options.",
    )
    parser.add_argument(
        "--version", action="version", version=f"phase10 {__version__}", help="show the version"
    )
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    for module in (demo, play, simulate, replay, variants):
        module.add_parser(sub)
    return parser


def _run(args: argparse.Namespace, out: TextIO) -> int:
    if args.command is None:  # a bare ``phase10``: say what it can do
        _parser().print_help(out)
        return 0
    return _COMMANDS[args.command](args, out)


@contextlib.contextmanager
def _plugin_warnings_as_lines() -> Iterator[None]:
    """Show a variant plug-in that failed to load as one line on standard error, like
    the command's errors, not as a Python warning that quotes the library's source."""
    shown = warnings.showwarning

    def show(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        if issubclass(category, PluginWarning):
            sys.stdout.flush()
            sys.stderr.write(f"phase10: warning: {message}\n")
        else:
            shown(message, category, filename, lineno, file, line)

    with warnings.catch_warnings():
        warnings.showwarning = show
        yield


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``phase10`` command; returns the exit status.

    0 on success, 2 for bad arguments, a library error or a file that cannot be
    read or written.
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse exits 2 on bad arguments and 0 for --help
        return exit_.code if isinstance(exit_.code, int) else 2
    try:
        with _plugin_warnings_as_lines():
            return _run(args, sys.stdout)
    except Phase10Error as error:
        sys.stdout.flush()
        sys.stderr.write(f"phase10: {error}\n")
        return 2
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise
        sys.stdout.flush()
        where = f"{error.filename}: " if error.filename else ""
        sys.stderr.write(f"phase10: {where}{error.strerror or error}\n")
        return 2


def console_main() -> None:
    """The console-script entry point: exits with :func:`main`'s status."""
    try:
        status = main()
    except BrokenPipeError:  # e.g. `phase10 demo | head`: the reader left, nothing is wrong
        silence_stdout()
        status = 0
    except KeyboardInterrupt:  # Ctrl-C: leave without a traceback
        sys.stderr.write("\n")
        status = 130
    sys.exit(status)
