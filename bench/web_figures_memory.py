"""Memory readings shared by bench/web_figures.py and bench/web_pss.py."""


def pss_kb(pid):
    """Proportional set size: shared pages (libWPEWebKit in all three processes) counted once overall."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0
