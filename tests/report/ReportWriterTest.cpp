// ReportWriter and ReportExport in process: the PDF, the printer path (print preview paints
// through it) and the CSV/JSON exports with their documented columns.

#include "report/ReportTestSupport.h"

#include "ui/report/ReportActions.h"
#include "ui/report/ReportExport.h"
#include "ui/report/ReportWriter.h"

#include <QAction>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPrinter>
#include <QTemporaryDir>
#include <QWidget>

#include <QRegularExpression>
#include <QFile>
#include <gtest/gtest.h>

using namespace gpuplanner;

namespace {

const tests::PlannedExample &example()
{
    static const tests::PlannedExample planned = tests::planExample(QStringLiteral("llama-7b-pretrain"));
    return planned;
}

QStringList csvHeader(const QByteArray &csv)
{
    return QString::fromUtf8(csv).section(u'\n', 0, 0).split(u',');
}

} // namespace

TEST(ReportWriter, WritesAPdfWithPagesAndFailsOnBadOptions)
{
    ui::ReportOptions options;
    options.top = 5;
    ui::ReportWriter writer(example().input, options);
    auto pdf = writer.pdf();
    ASSERT_TRUE(pdf.ok()) << pdf.errorMessage().toStdString();
    EXPECT_TRUE(pdf.value().startsWith("%PDF-"));
    EXPECT_GE(writer.pageCount(), 4);

    options.language = QStringLiteral("fr");
    ui::ReportWriter french(example().input, options);
    auto failed = french.pdf();
    ASSERT_FALSE(failed.ok());
    EXPECT_TRUE(failed.errorMessage().contains(QStringLiteral("'fr'")));

    ui::ReportWriter nothing(ui::ReportInput{}, ui::ReportOptions{});
    EXPECT_FALSE(nothing.pdf().ok());
}

TEST(ReportWriter, EveryPageNamesTheDataItRestsOn)
{
    // Issue 30 #3: the catalog's content identity and price dates, on the cover and every page.
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ui::ReportOptions options;
        options.language = language;
        ui::ReportWriter writer(example().input, options);
        auto pdf = writer.pdf();
        ASSERT_TRUE(pdf.ok()) << pdf.errorMessage().toStdString();
        const QString path = dir.filePath(language + QStringLiteral(".pdf"));
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(pdf.value());
        f.close();
        const int pages = tests::pdfPages(path);
        ASSERT_GE(pages, 4);
        // plainText is NFKC: the full-width colon reads as ":".
        const QString label = language == u"en" ? QStringLiteral("data: catalog ") : QStringLiteral("数据:目录 ");
        for (int page = 1; page <= pages; ++page) {
            const tests::ToolRun text = tests::runTool(QStringLiteral("pdftotext"),
                                                       {QStringLiteral("-f"), QString::number(page), QStringLiteral("-l"),
                                                        QString::number(page), path, QStringLiteral("-")});
            const QString plain = tests::plainText(text.out);
            const qsizetype at = plain.indexOf(label);
            ASSERT_GE(at, 0) << language.toStdString() << " page " << page << ": " << plain.right(300).toStdString();
            // "catalog " and 12 hex digits of the content hash.
            EXPECT_TRUE(QRegularExpression(QStringLiteral("^[0-9a-f]{12}")).match(plain.mid(at + label.size())).hasMatch())
                << plain.mid(at, 60).toStdString();
        }
    }
}

TEST(ReportWriter, PrinterGetsTheSamePagesAsThePdf)
{
    ui::ReportOptions options;
    options.top = 5;
    options.pageSize = QPageSize::Letter;
    ui::ReportWriter writer(example().input, options);
    ASSERT_TRUE(writer.pdf().ok());
    const int pdfPages = writer.pageCount();

    // Print preview and paper paint through print(); a PDF printer stands in for both.
    QTemporaryDir dir;
    QPrinter printer(QPrinter::HighResolution);
    printer.setOutputFormat(QPrinter::PdfFormat);
    printer.setOutputFileName(dir.filePath(QStringLiteral("printed.pdf")));
    printer.setPageLayout(ui::ReportWriter::pageLayout(QPageSize::Letter));
    auto printed = writer.print(&printer);
    ASSERT_TRUE(printed.ok()) << printed.errorMessage().toStdString();
    EXPECT_EQ(writer.pageCount(), pdfPages);
    EXPECT_EQ(tests::pdfPages(dir.filePath(QStringLiteral("printed.pdf"))), pdfPages);
}

TEST(ReportExport, ComparisonCsvHasTheDocumentedColumns)
{
    const QByteArray csv = ui::ReportExport::comparison(example().input, 5, ui::ExportFormat::Csv);
    const QStringList expected{QStringLiteral("rank"), QStringLiteral("provider"), QStringLiteral("instance_type"),
                               QStringLiteral("region"), QStringLiteral("billing"), QStringLiteral("instances"),
                               QStringLiteral("gpus"), QStringLiteral("hours"), QStringLiteral("cost"),
                               QStringLiteral("cost_p50"), QStringLiteral("cost_p90"), QStringLiteral("time_p50_hours"),
                               QStringLiteral("time_p90_hours"), QStringLiteral("p_meet_deadline"),
                               QStringLiteral("p_meet_budget"), QStringLiteral("currency"), QStringLiteral("fits"),
                               QStringLiteral("pareto"), QStringLiteral("bottleneck"), QStringLiteral("reasons")};
    EXPECT_EQ(csvHeader(csv), expected);
    const QStringList lines = QString::fromUtf8(csv).split(u'\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 6);
    EXPECT_TRUE(lines.at(1).startsWith(QStringLiteral("1,")));
    bool ok = false;
    lines.at(1).section(u',', 8, 8).toDouble(&ok); // cost
    EXPECT_TRUE(ok) << lines.at(1).toStdString();
}

TEST(ReportExport, ComparisonJsonParsesWithTheDocumentedFields)
{
    const QByteArray json = ui::ReportExport::comparison(example().input, 0, ui::ExportFormat::Json);
    QJsonParseError error;
    const QJsonObject doc = QJsonDocument::fromJson(json, &error).object();
    ASSERT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
    for (const char *key : {"currency", "sort", "offers_considered", "usable_options", "options", "recommendation"})
        EXPECT_TRUE(doc.contains(QLatin1String(key))) << key;
    const QJsonArray options = doc.value(QStringLiteral("options")).toArray();
    EXPECT_EQ(options.size(), example().planner->result().usable); // 0 = every usable option
    for (const char *key : {"rank", "provider", "instance_type", "region", "gpu", "billing", "instances", "gpus", "hours",
                            "price_per_hour", "cost", "cost_p50", "cost_p90", "time_p50_hours", "time_p90_hours",
                            "p_meet_deadline", "p_meet_budget", "currency", "native_currency", "fits", "pareto",
                            "bottleneck", "reasons"})
        EXPECT_TRUE(options.first().toObject().contains(QLatin1String(key))) << key;
}

TEST(ReportExport, TimelineCsvAndJsonHaveTheDocumentedColumns)
{
    ASSERT_TRUE(example().input.timeline.has_value()) << example().input.timelineProblem.toStdString();
    const QByteArray csv = ui::ReportExport::timeline(example().input, ui::ExportFormat::Csv);
    const QStringList header = csvHeader(csv);
    ASSERT_GE(header.size(), 4);
    EXPECT_EQ(header.at(0), QStringLiteral("month"));
    EXPECT_EQ(header.at(1), QStringLiteral("load_gpu_hours"));
    EXPECT_TRUE(header.contains(QStringLiteral("on_demand_monthly")));
    EXPECT_TRUE(header.contains(QStringLiteral("on_demand_cumulative")));
    const QStringList lines = QString::fromUtf8(csv).split(u'\n', Qt::SkipEmptyParts);
    EXPECT_EQ(lines.size() - 1, example().input.timeline->months.size());
    for (const QString &line : lines)
        EXPECT_EQ(line.count(u','), header.size() - 1) << line.toStdString();

    const QJsonObject doc = QJsonDocument::fromJson(ui::ReportExport::timeline(example().input, ui::ExportFormat::Json)).object();
    for (const char *key : {"currency", "months", "load_gpu_hours", "strategies", "notes"})
        EXPECT_TRUE(doc.contains(QLatin1String(key))) << key;
    const QJsonObject first = doc.value(QStringLiteral("strategies")).toArray().first().toObject();
    for (const char *key : {"id", "name", "monthly", "cumulative", "total", "note"})
        EXPECT_TRUE(first.contains(QLatin1String(key))) << key;
}

TEST(ReportExport, WritesFilesAndNamesTheFileOnError)
{
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("c.csv"));
    const QString json = dir.filePath(QStringLiteral("t.json"));
    EXPECT_EQ(ui::ReportExport::formatForPath(csv), ui::ExportFormat::Csv);
    EXPECT_EQ(ui::ReportExport::formatForPath(json), ui::ExportFormat::Json);
    EXPECT_TRUE(ui::ReportExport::writeComparison(example().input, 3, ui::ExportFormat::Csv, csv).ok());
    EXPECT_TRUE(ui::ReportExport::writeTimeline(example().input, ui::ExportFormat::Json, json).ok());
    EXPECT_TRUE(QFile::exists(csv) && QFile::exists(json));
    const QString bad = dir.filePath(QStringLiteral("missing/dir/c.csv"));
    const auto failed = ui::ReportExport::writeComparison(example().input, 3, ui::ExportFormat::Csv, bad);
    ASSERT_FALSE(failed.ok());
    EXPECT_TRUE(failed.errorMessage().contains(bad));
    ui::ReportInput noTimeline = example().input;
    noTimeline.timeline.reset();
    EXPECT_FALSE(ui::ReportExport::writeTimeline(noTimeline, ui::ExportFormat::Csv, json).ok());
}

TEST(ReportActions, OffersTheReportMenuEntries)
{
    QWidget window;
    const QList<QAction *> actions = ui::createReportActions(&window, [] { return std::optional<ui::ReportInput>(); });
    ASSERT_EQ(actions.size(), 6);
    QStringList texts;
    for (QAction *a : actions) {
        EXPECT_EQ(a->parent(), &window);
        texts << a->text().remove(u'&'); // as read, without the mnemonic mark
    }
    EXPECT_TRUE(texts.contains(QStringLiteral("Export report\u2026")));
    EXPECT_TRUE(texts.contains(QStringLiteral("Print preview\u2026")));
    EXPECT_TRUE(texts.contains(QStringLiteral("Benchmark report\u2026")));
    const ui::ReportOptions defaults = ui::defaultReportOptions();
    EXPECT_TRUE(ui::reportLanguages().contains(defaults.language));
}
