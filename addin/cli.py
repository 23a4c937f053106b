"""The ``monrad`` command line (filled in by the foundation work)."""


def main(argv: list[str] | None = None) -> int:
    print("monrad: not ready yet")
    return 0
