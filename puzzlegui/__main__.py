"""``python -m puzzlegui`` and the ``puzzlegui`` script start here."""

import sys


def main(argv=None) -> int:
    from .cli import main as cli_main

    return cli_main(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
