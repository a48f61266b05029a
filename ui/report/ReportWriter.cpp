#include "ui/report/ReportWriter.h"

#include "core/io/SafeFileWriter.h"
#include "ui/report/ReportPainter.h"

#include <QBuffer>
#include <QFontDatabase>
#include <QPdfWriter>
#include <QPrinter>
#include <QTranslator>

namespace gpuplanner::ui {

using core::Error;

namespace {

// 600 dpi keeps coordinates exact enough for hairlines without huge numbers in the PDF.
constexpr int kPdfResolution = 600;

void describe(QPdfWriter &writer, const QString &title)
{
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("GPU Planner " GPUPLANNER_VERSION));
}

} // namespace

QStringList reportLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

ReportWriter::ReportWriter(ReportInput input, ReportOptions options)
    : m_input(std::move(input)), m_options(std::move(options))
{
}

ReportWriter::~ReportWriter() = default;

QPageLayout ReportWriter::pageLayout(QPageSize::PageSizeId size)
{
    return QPageLayout(QPageSize(size), QPageLayout::Portrait, QMarginsF(16, 12, 16, 12), QPageLayout::Millimeter);
}

QStringList ReportWriter::fontFamilies(const QString &language)
{
    // Chinese text is set in Noto Sans CJK SC, but Latin letters and digits stay in DejaVu Sans:
    // Qt's PDF text map loses digits shaped in a Latin run of the CJK font, and amounts, instance
    // types and dates must stay searchable and copyable.
    if (language == u"zh_CN")
        return {QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")};
    return {QStringLiteral("DejaVu Sans")};
}

core::Status ReportWriter::prepare()
{
    if (!m_input.planner && !m_input.benchmark && !m_input.portfolio)
        return Error{tr("report: no plan to report on")};
    if (!reportLanguages().contains(m_options.language))
        return Error{tr("--lang: '%1' is not one of %2").arg(m_options.language, reportLanguages().join(QStringLiteral(", ")))};
    if (m_options.top < 1)
        return Error{tr("--top: %1 is not a positive count").arg(m_options.top)};
    m_families = fontFamilies(m_options.language);
    const QStringList installed = QFontDatabase::families();
    for (const QString &family : m_families) {
        if (installed.contains(family))
            continue;
        const QString package = family.startsWith(u"Noto") ? QStringLiteral("fonts-noto-cjk")
                                                            : QStringLiteral("fonts-dejavu-core");
        return Error{tr("font '%1' is not installed (Debian package %2); the report embeds it").arg(family, package)};
    }
    m_translator.reset();
    if (m_options.language != u"en") {
        auto translator = std::make_unique<QTranslator>();
        const QString file = QStringLiteral(":/i18n/gpuplanner_report_%1.qm").arg(m_options.language);
        if (!translator->load(file))
            return Error{tr("%1: the report's %2 text is missing from this build").arg(file, m_options.language)};
        m_translator = std::move(translator);
    }
    return core::success();
}

int ReportWriter::render(QPagedPaintDevice *device, int totalPages)
{
    ReportPainter painter(m_input, m_options, m_translator.get(), m_families);
    return painter.paint(device, totalPages);
}

core::Result<int> ReportWriter::countPages(const QPageLayout &layout, int resolution)
{
    // "Page N of M" needs M before page 1 is painted: lay the report out once into memory.
    QBuffer scratch;
    scratch.open(QIODevice::WriteOnly);
    QPdfWriter writer(&scratch);
    writer.setResolution(resolution);
    writer.setPageLayout(layout);
    const int pages = render(&writer, 0);
    if (pages <= 0)
        return Error{tr("report: the page layout could not be painted")};
    return pages;
}

core::Result<QByteArray> ReportWriter::pdf()
{
    if (auto ok = prepare(); !ok)
        return ok.error();
    const QPageLayout layout = pageLayout(m_options.pageSize);
    auto pages = countPages(layout, kPdfResolution);
    if (!pages)
        return pages.error();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setResolution(kPdfResolution);
        writer.setPageLayout(layout);
        describe(writer, !m_options.title.isEmpty() ? m_options.title
                         : m_input.benchmark ? tr("Benchmark report") : m_input.scenario.name);
        m_pages = render(&writer, pages.value());
    }
    if (m_pages <= 0)
        return Error{tr("report: the PDF could not be painted")};
    return bytes;
}

core::Status ReportWriter::writePdf(const QString &path)
{
    auto bytes = pdf();
    if (!bytes)
        return bytes.error();
    core::SafeWriteOptions options;
    options.namedByUser = true;
    return core::writeFileSafely(path, bytes.value(), options);
}

core::Status ReportWriter::print(QPrinter *printer)
{
    if (auto ok = prepare(); !ok)
        return ok;
    // Text metrics differ with resolution: at the PDF's, print and preview break lines and pages
    // where the PDF does.
    printer->setResolution(kPdfResolution);
    auto pages = countPages(printer->pageLayout(), printer->resolution());
    if (!pages)
        return pages.error();
    m_pages = render(printer, pages.value());
    if (m_pages <= 0)
        return Error{tr("report: the printer '%1' could not be painted on").arg(printer->printerName())};
    return core::success();
}

} // namespace gpuplanner::ui
