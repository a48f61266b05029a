#!/usr/bin/env python3
"""Fails when a test can depend on how fast the machine is (tests/TestWaits.h has the rules).

Checks every C++ source and header under tests/ (the benchmarks included):
  - no QTRY_*, QVERIFY* or QCOMPARE*: outside QTest::qExec a failed one returns from the
    GoogleTest body without failing it, so a timed-out wait passes silently;
  - no QTest::qWait(N), QThread::msleep/sleep, std::this_thread::sleep_for or usleep, unless
    the line (or the one above it) says why with "wait-ok:" (a fake server's slowness, the
    spacing that makes two writers race) and no assertion depends on the time slept;
  - every QSignalSpy::wait, QProcess::waitFor*, QTest::qWaitFor and QTRY-like wait on
    asynchronous work names a ceiling of at least 30 s (kSlowWaitMs), never the 5 s default.
  - no assertion on speed: an EXPECT_*/ASSERT_* whose arguments read a clock (QElapsedTimer's
    elapsed/nsecsElapsed, std::chrono clocks' now(), QTime::currentTime, QDateTime::current*) or a
    variable assigned from one, unless the line (or the one above it) says why with "speed-ok:"
    (e.g. a clock the test injects). A loaded machine runs a debug build slower than any bound.
Prints file:line and the rule for each finding; exit status 1 when there is any.
"""
import pathlib
import re
import sys

MIN_CEILING_MS = 30000
ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2])
TESTS = ROOT / "tests"
SELF = pathlib.Path(__file__).resolve()

BANNED_MACROS = re.compile(r"\b(QTRY_\w+|QVERIFY\w*|QCOMPARE\w*)\s*\(")
SLEEPS = re.compile(r"\b(QTest::qWait|QThread::(?:msleep|usleep|sleep)|std::this_thread::sleep_for|usleep|sleep)\s*\(")
# Waits whose last argument is the ceiling; (name, default ceiling when omitted or None if none).
WAITS = {
    "wait": 5000,                # QSignalSpy::wait(int timeout = 5000)
    "waitForFinished": 30000,
    "waitForStarted": 30000,
    "waitForReadyRead": 30000,
    "waitForBytesWritten": 30000,
    "qWaitFor": 5000,
}
WAIT_CALL = re.compile(r"(?:\.|->|QTest::)(" + "|".join(WAITS) + r")\s*\(")
# Reading the machine's clock, and the assertions that must not depend on it.
CLOCK_READ = re.compile(r"(?:\.|->)(?:elapsed|nsecsElapsed|restart)\s*\(\s*\)|\b\w+_clock::now\s*\(|"
                        r"QTime::currentTime\s*\(|QDateTime::current(?:MSecsSinceEpoch|DateTime(?:Utc)?|SecsSinceEpoch)\s*\(")
ASSERTION = re.compile(r"\b(?:EXPECT|ASSERT)_[A-Z_]+\s*\(")
CLOCK_VARIABLE = re.compile(r"\b(\w+)\s*=\s*[^;=]*?(?:(?:\.|->)(?:elapsed|nsecsElapsed|restart)\s*\(\s*\)|\b\w+_clock::now\s*\()")


def strip_comments(text):
    """Blank out // and /* */ comments and string literals, keeping offsets and line breaks."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * (j - i - 2) + c if j - i >= 2 else text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def last_argument(code, open_paren):
    """The text of the last top-level argument of the call whose '(' is at open_paren."""
    depth, start = 0, open_paren + 1
    for j in range(open_paren, len(code)):
        ch = code[j]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return code[start:j].strip()
        elif ch == "," and depth == 1:
            start = j + 1
    return None


def ceiling_ms(arg, default):
    """The ceiling a wait names: its literal, kSlowWaitMs, or the default when none is given."""
    if arg is None or arg == "":
        return default
    if "kSlowWaitMs" in arg:
        return MIN_CEILING_MS * 2
    literal = re.fullmatch(r"(?:std::chrono::(?:milliseconds|seconds)\()?\s*(\d+)\s*\)?", arg)
    if literal:
        value = int(literal.group(1))
        return value * 1000 if "seconds(" in arg and "milli" not in arg else value
    return None  # a computed ceiling (a named constant or parameter): not judged here


def check(path):
    text = path.read_text(encoding="utf-8")
    raw_lines = text.splitlines()
    code = strip_comments(text)
    findings = []

    def line_of(offset):
        return code.count("\n", 0, offset) + 1

    def excused(line):
        # The reason on the line itself or in the comment just above it (up to three lines).
        return any("wait-ok:" in raw_lines[i] for i in range(max(0, line - 4), min(line, len(raw_lines))))

    for m in BANNED_MACROS.finditer(code):
        findings.append((line_of(m.start()), f"{m.group(1)}: returns without failing a GoogleTest test; "
                         "use ASSERT_TRUE(QTest::qWaitFor(..., kSlowWaitMs)) or EXPECT_*"))
    for m in SLEEPS.finditer(code):
        line = line_of(m.start())
        if not excused(line):
            findings.append((line, f"{m.group(1)}: a fixed sleep; wait for the signal, state or output "
                             "instead (or say why it cannot matter with a 'wait-ok:' comment)"))
    for m in WAIT_CALL.finditer(code):
        name = m.group(1)
        arg = last_argument(code, m.end() - 1)
        # qWaitFor(predicate) has one argument (the predicate): its ceiling is the default.
        if name == "qWaitFor" and arg is not None and arg.lstrip().startswith("["):
            arg = None
        ceiling = ceiling_ms(arg, WAITS[name])
        if ceiling is not None and ceiling < MIN_CEILING_MS:
            line = line_of(m.start())
            if not excused(line):
                findings.append((line, f"{name}: a ceiling of {ceiling} ms can pass on a loaded machine; "
                                 f"use kSlowWaitMs (tests/TestWaits.h)"))
    clock_variables = {m.group(1) for m in CLOCK_VARIABLE.finditer(code)}
    for m in ASSERTION.finditer(code):
        args = last_argument_span(code, m.end() - 1)
        if args is None:
            continue
        reads_clock = CLOCK_READ.search(args) or any(re.search(r"\b" + re.escape(v) + r"\b", args)
                                                      for v in clock_variables)
        if not reads_clock:
            continue
        line = line_of(m.start())
        if not any("speed-ok:" in raw_lines[i] for i in range(max(0, line - 4), min(line, len(raw_lines)))):
            findings.append((line, "an assertion on the machine's clock: it fails on a slow or loaded machine; "
                             "inject the clock or the delay (or say why with a 'speed-ok:' comment)"))
    return findings


def last_argument_span(code, open_paren):
    """The whole argument text of the call whose '(' is at open_paren."""
    depth = 0
    for j in range(open_paren, len(code)):
        ch = code[j]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return code[open_paren + 1:j]
    return None


def main():
    total = 0
    for path in sorted(TESTS.rglob("*")):
        if path.suffix not in (".cpp", ".h") or path.resolve() == SELF:
            continue
        if path.relative_to(TESTS).parts[0] == "policy":
            continue  # the check's own samples of what it must find
        for line, message in sorted(check(path)):
            print(f"{path.relative_to(ROOT)}:{line}: {message}")
            total += 1
    if total:
        print(f"check_test_waits: {total} timing-dependent waits", file=sys.stderr)
        return 1
    print("check_test_waits: no timing-dependent waits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
