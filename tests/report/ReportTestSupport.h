#pragma once
// Shared by the report suites: poppler-utils tools (a missing tool fails the test, it never
// skips), the artifact folder, and a planned example scenario over the seed catalog.

#include "ui/report/ReportTypes.h"

#include <QString>
#include <QStringList>

#include <memory>

namespace gpuplanner::tests {

struct ToolRun
{
    int code = -1;
    QString out;
    QString err;
};

// Runs a poppler tool (pdftotext, pdffonts, pdftoppm, pdfinfo); fails the current test with
// the package to install when it is missing.
ToolRun runTool(const QString &tool, const QStringList &args);

// pdftotext output as plain text. Qt's PDF text map names some Han glyphs by a look-alike radical
// (the lowest code point of the glyph: U+2F64 for 用, U+2EDB for 风) and DejaVu's ligatures come
// out as one character; NFKC plus the simplified-form radicals map them back.
QString plainText(const QString &pdftotext);

// ${CMAKE_BINARY_DIR}/artifacts/report, created on first use.
QString artifactDir();

// Page count from pdfinfo.
int pdfPages(const QString &pdf);

// An example scenario (":/scenarios/<name>.json") planned over the seed catalog, with its timeline
// and catalog info; owns the planner the input points at.
struct PlannedExample
{
    ui::ReportInput input;
    std::shared_ptr<core::Planner> planner;
};
PlannedExample planExample(const QString &name);

} // namespace gpuplanner::tests
