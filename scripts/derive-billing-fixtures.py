#!/usr/bin/env python3
"""Derives the multi-day billing fixtures the plan-against-actual tests need from the one-day
samples in tests/data/billing (their headers are real; see tests/data/billing/SOURCE.md).

Each hourly usage row of the sample becomes one row per day (the daily time granularity both
AWS CUR and FOCUS exports offer) from 1 to 20 May 2024: start at 00:00, end the next day, usage
and every cost column times 24, rates unchanged. Monthly rows (RI fee, credit, tax, refund) are
kept once. Run from the repository root; the outputs are committed."""
import csv
import datetime as dt
import re
import sys

DAYS = 20
DATE = re.compile(r"^2024-05-01T00:00:00(\.000)?Z$")


def scaled(value):
    try:
        return repr(round(float(value) * 24, 6)).rstrip("0").rstrip(".") if value not in ("", None) else value
    except ValueError:
        return value


def derive(src, dst, start_col, end_col, hourly, scale_cols):
    with open(src, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    si, ei = header.index(start_col), header.index(end_col)
    scale = [i for i, name in enumerate(header) if scale_cols(name)]
    out = [header]
    for row in body:
        if not hourly(header, row):
            out.append(row)
            continue
        millis = row[si].endswith(".000Z")
        for d in range(DAYS):
            day = dt.date(2024, 5, 1) + dt.timedelta(days=d)
            fmt = "%Y-%m-%dT00:00:00" + (".000Z" if millis else "Z")
            r = list(row)
            r[si] = day.strftime(fmt)
            r[ei] = (day + dt.timedelta(days=1)).strftime(fmt)
            for i in scale:
                r[i] = scaled(r[i])
            out.append(r)
    with open(dst, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(out)


def cur_hourly(header, row):
    return row[header.index("lineItem/UsageEndDate")].startswith("2024-05-01T01:00")


def focus_hourly(header, row):
    return row[header.index("ChargePeriodEnd")].startswith("2024-05-01T01:00")


def main():
    base = "tests/data/billing/"
    derive(base + "aws_cur_legacy_gpu.reconstructed.csv", base + "derived/aws_cur_legacy_gpu_daily_may2024.csv",
           "lineItem/UsageStartDate", "lineItem/UsageEndDate", cur_hourly,
           lambda n: ("Cost" in n or "Commitment" in n or n.endswith("UsageAmount")) and "Rate" not in n)
    derive(base + "focus_1.2_aws_gpu.reconstructed.csv", base + "derived/focus_1.2_aws_gpu_daily_may2024.csv",
           "ChargePeriodStart", "ChargePeriodEnd", focus_hourly,
           lambda n: n.endswith("Cost") or n in ("ConsumedQuantity", "PricingQuantity"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
