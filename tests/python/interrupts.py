"""What the Python tests share to test a search's manners: a Ctrl-C sent to this process, and how much a
second Python thread ran while a call did (a call that held the GIL lets it run only before and after)."""

import os
import signal
import threading
import time


def interrupt_after(seconds):
    """A timer that sends SIGINT to this process. Python raises KeyboardInterrupt on SIGINT only where it
    found the signal not ignored at start-up, and a shell without job control starts background commands
    with SIGINT ignored: the handler is restored first."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def ticks_while(call):
    """(ticks, seconds): how often a thread that sleeps 1 ms a tick ticked while call() ran, and how long."""
    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    try:
        start = time.monotonic()
        call()
        elapsed = time.monotonic() - start
    finally:
        done.set()
        counter.join()
    return ticks, elapsed
