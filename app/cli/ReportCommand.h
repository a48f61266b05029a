#pragma once
// ReportCommand: `gpu-planner-cli report SCENARIO.json -o report.pdf [--top N] [--lang en|zh_CN]
// [--page-size A4|Letter] [--author NAME]`: the management PDF, with no display needed.
// `report portfolio PORTFOLIO.json -o FILE.pdf`: a team portfolio's commitment plan, the figures of
// `portfolio plan`. Exit codes: 0 ok, 1 usage error (flag and value named), 2 data error (scenario,
// catalog, file).

#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

#include <memory>

namespace gpuplanner::cli {

int runReport(const QStringList &arguments, QTextStream &out, QTextStream &err);

// The report helper's application: it paints with fonts, so a QGuiApplication on the offscreen
// platform (no display needed).
std::unique_ptr<QCoreApplication> createReportApplication(int &argc, char **argv);

} // namespace gpuplanner::cli
