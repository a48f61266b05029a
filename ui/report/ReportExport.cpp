#include "ui/report/ReportExport.h"

#include "core/io/SafeFileWriter.h"
#include "core/plan/PlanExplain.h"

#include <QFileInfo>
#include <QJsonDocument>

namespace gpuplanner::ui {

namespace {

core::Status save(const QString &path, const QByteArray &bytes)
{
    core::SafeWriteOptions options;
    options.namedByUser = true;
    return core::writeFileSafely(path, bytes, options);
}

} // namespace

QByteArray ReportExport::comparison(const ReportInput &input, int top, ExportFormat format)
{
    if (!input.planner)
        return {};
    if (format == ExportFormat::Json)
        return QJsonDocument(core::planToJson(*input.planner, input.request, top)).toJson(QJsonDocument::Indented);
    return core::planToCsv(*input.planner, input.request, top).toUtf8();
}

QByteArray ReportExport::timeline(const ReportInput &input, ExportFormat format)
{
    if (!input.timeline)
        return {};
    if (format == ExportFormat::Json)
        return QJsonDocument(core::timelineToJson(*input.timeline, input.request.displayCurrency))
            .toJson(QJsonDocument::Indented);
    return core::timelineToCsv(*input.timeline).toUtf8();
}

core::Status ReportExport::writeComparison(const ReportInput &input, int top, ExportFormat format, const QString &path)
{
    if (!input.planner)
        return core::Error{tr("%1: there is no plan to export").arg(path)};
    return save(path, comparison(input, top, format));
}

core::Status ReportExport::writeTimeline(const ReportInput &input, ExportFormat format, const QString &path)
{
    if (!input.timeline)
        return core::Error{tr("%1: there is no timeline to export: %2")
                               .arg(path, input.timelineProblem.isEmpty() ? tr("the scenario has no phases")
                                                                          : input.timelineProblem)};
    return save(path, timeline(input, format));
}

ExportFormat ReportExport::formatForPath(const QString &path)
{
    return QFileInfo(path).suffix().compare(QStringLiteral("json"), Qt::CaseInsensitive) == 0 ? ExportFormat::Json
                                                                                              : ExportFormat::Csv;
}

} // namespace gpuplanner::ui
