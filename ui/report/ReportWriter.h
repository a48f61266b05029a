#pragma once
// ReportWriter: the multi-page comparison report for management (cover, summary, workload,
// assumptions, comparison table, charts, timeline, catalog freshness, disclaimer) as a PDF
// with embedded fonts, or on a printer for print preview and paper, in English or
// Simplified Chinese on A4 or Letter.

#include "core/common/Result.h"
#include "ui/report/ReportTypes.h"

#include <QCoreApplication>
#include <QPageLayout>
#include <QString>

#include <memory>

class QPagedPaintDevice;
class QPrinter;
class QTranslator;

namespace gpuplanner::ui {

class ReportWriter
{
    Q_DECLARE_TR_FUNCTIONS(gpuplanner::ui::ReportWriter)

public:
    ReportWriter(ReportInput input, ReportOptions options);
    ~ReportWriter();
    ReportWriter(const ReportWriter &) = delete;
    ReportWriter &operator=(const ReportWriter &) = delete;

    // Writes the PDF atomically; errors name the file, the font or the option at fault.
    core::Status writePdf(const QString &path);
    core::Result<QByteArray> pdf();
    // Paints on a printer (print preview's paintRequested, or paper) with its own page layout.
    core::Status print(QPrinter *printer);

    // Pages of the last output.
    int pageCount() const { return m_pages; }
    const ReportOptions &options() const { return m_options; }

    // The page layout for a page size: portrait with the report's margins.
    static QPageLayout pageLayout(QPageSize::PageSizeId size);
    // The fonts a language's report is set in, first choice first (all embedded in the PDF).
    static QStringList fontFamilies(const QString &language);

private:
    core::Status prepare();
    int render(QPagedPaintDevice *device, int totalPages);
    core::Result<int> countPages(const QPageLayout &layout, int resolution);

    ReportInput m_input;
    ReportOptions m_options;
    std::unique_ptr<QTranslator> m_translator;
    QStringList m_families;
    int m_pages = 0;
};

} // namespace gpuplanner::ui
