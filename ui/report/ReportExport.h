#pragma once
// ReportExport: the comparison and the timeline as CSV or JSON files for spreadsheets, in
// exactly the columns `gpu-planner-cli plan/timeline --format csv|json` print (core's formats),
// so a sheet built on one works with the other. Columns are listed in README.md ("Reports").

#include "core/common/Result.h"
#include "ui/report/ReportTypes.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace gpuplanner::ui {

enum class ExportFormat : quint8 { Csv, Json };

class ReportExport
{
    Q_DECLARE_TR_FUNCTIONS(gpuplanner::ui::ReportExport)

public:
    // The top `top` usable options (top <= 0: all of them).
    static QByteArray comparison(const ReportInput &input, int top, ExportFormat format);
    // Empty when the input has no timeline.
    static QByteArray timeline(const ReportInput &input, ExportFormat format);

    static core::Status writeComparison(const ReportInput &input, int top, ExportFormat format, const QString &path);
    static core::Status writeTimeline(const ReportInput &input, ExportFormat format, const QString &path);

    // Csv for "*.csv", Json for "*.json", by the file's suffix.
    static ExportFormat formatForPath(const QString &path);
};

} // namespace gpuplanner::ui
