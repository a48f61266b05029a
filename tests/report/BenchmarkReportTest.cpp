// `report --benchmark` end to end (the probe fixtures imported into a copy of the default
// catalog; PDF, CSV and JSON of the same comparison) and the scenario report's plan against
// actual page over spend imported with `actuals import`. PDFs and their pages as PNGs are
// written to the report artifact folder for people to look at.

#include "report/ReportTestSupport.h"

#include "ui/report/BenchmarkReport.h"
#include "ui/report/ReportWriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "CliProcess.h"

using namespace gpuplanner;
using gpuplanner::tests::CliRun;
using gpuplanner::tests::runTool;

namespace {

class BenchmarkReport : public gpuplanner::tests::CatalogCopyCli
{
protected:
    static QString fixture(const char *name) { return QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/probe/") + QLatin1String(name); }

    void importFixtures()
    {
        for (const char *name : {"h100-synthetic.json", "cpu-quick.json"}) {
            const CliRun r = run({QStringLiteral("calibrate"), QStringLiteral("import"), fixture(name)});
            ASSERT_EQ(r.code, 0) << name << ": " << r.err.toStdString();
        }
    }

    QString artifact(const QString &file)
    {
        const QString path = QDir(tests::artifactDir()).filePath(file);
        QFile::remove(path);
        return path;
    }

    // Every page as a PNG next to the PDF.
    void render(const QString &pdf)
    {
        QString prefix = pdf;
        prefix.chop(4);
        const tests::ToolRun r = runTool(QStringLiteral("pdftoppm"), {QStringLiteral("-png"), QStringLiteral("-r"),
                                                                      QStringLiteral("70"), pdf, prefix});
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        EXPECT_TRUE(QFile::exists(prefix + QStringLiteral("-1.png")) || QFile::exists(prefix + QStringLiteral("-01.png")));
    }

    QString text(const QString &pdf, int page = 0)
    {
        QStringList args{QStringLiteral("-layout")};
        if (page > 0)
            args << QStringLiteral("-f") << QString::number(page) << QStringLiteral("-l") << QString::number(page);
        args << pdf << QStringLiteral("-");
        const tests::ToolRun r = runTool(QStringLiteral("pdftotext"), args);
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        return tests::plainText(r.out);
    }

    QJsonObject benchmarkJson(const QStringList &extra = {})
    {
        const CliRun r = run(QStringList{QStringLiteral("report"), QStringLiteral("--benchmark"), fixture("h100-synthetic.json"),
                                         fixture("cpu-quick.json")}
                             + extra + QStringList{QStringLiteral("-o"), QStringLiteral("-"), QStringLiteral("--format"),
                                                   QStringLiteral("json")});
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        return QJsonDocument::fromJson(r.out.toUtf8()).object();
    }

};

QJsonObject rate(const QJsonObject &device, const QString &key)
{
    for (const QJsonValue &v : device.value(u"rates").toArray())
        if (v.toObject().value(u"key").toString() == key)
            return v.toObject();
    return {};
}

QString percentOf(const QJsonObject &r)
{
    return QStringLiteral("%1%").arg(r.value(u"share_of_spec").toDouble() * 100.0, 0, 'f', 0);
}

} // namespace

TEST_F(BenchmarkReport, JsonNamesTheWinnerAndTheH100Offers)
{
    importFixtures();
    const QJsonObject o = benchmarkJson();
    const QJsonArray devices = o.value(u"devices").toArray();
    ASSERT_EQ(devices.size(), 2);
    const QJsonObject h100 = devices.at(0).toObject();
    EXPECT_EQ(h100.value(u"gpu_model").toString(), QStringLiteral("H100-SXM5-80GB"));
    EXPECT_GT(h100.value(u"offers_total").toInt(), 0);
    EXPECT_EQ(h100.value(u"offers").toArray().size(), 5); // the default top 5
    // Measured against spec, from the fixture: 700 TFLOP/s BF16, 2900 GB/s.
    EXPECT_DOUBLE_EQ(rate(h100, QStringLiteral("matmul_bf16")).value(u"measured").toDouble(), 700.0);
    EXPECT_GT(rate(h100, QStringLiteral("matmul_bf16")).value(u"share_of_spec").toDouble(), 0.5);
    EXPECT_TRUE(rate(h100, QStringLiteral("matmul_fp8")).value(u"measured").isNull()); // unsupported: never invented
    EXPECT_TRUE(rate(h100, QStringLiteral("resnet50")).value(u"measured").isNull());
    const QJsonObject cpu = devices.at(1).toObject();
    EXPECT_TRUE(cpu.value(u"gpu_model").toString().isEmpty());
    EXPECT_TRUE(cpu.value(u"offers").toArray().isEmpty());
    EXPECT_EQ(cpu.value(u"no_offers").toString(), QStringLiteral("host CPU \u2014 no catalog offers"));
    const QJsonObject winner = o.value(u"winner").toObject();
    EXPECT_EQ(winner.value(u"gpu_model").toString(), QStringLiteral("H100-SXM5-80GB"));
    const QJsonObject first = h100.value(u"offers").toArray().at(0).toObject();
    EXPECT_EQ(winner.value(u"instance_type").toString(), first.value(u"instance_type").toString());
    EXPECT_GE(winner.value(u"margin").toDouble(), 0.0);
    EXPECT_EQ(o.value(u"unit").toString(), QStringLiteral("million_tokens"));
}

TEST_F(BenchmarkReport, CsvByExtensionHasTheColumnsAndOneWinner)
{
    const QString csv = m_dir.filePath(QStringLiteral("bench.csv"));
    const CliRun r = run({QStringLiteral("report"), QStringLiteral("--benchmark"), fixture("h100-synthetic.json"),
                          fixture("cpu-quick.json"), QStringLiteral("-o"), csv});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    QFile f(csv);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(u'\n', Qt::SkipEmptyParts);
    ASSERT_GT(lines.size(), 10);
    const QStringList header = lines.at(0).split(u',');
    for (const char *column : {"section", "device", "host", "date", "probe_version", "item", "measured", "spec",
                               "measured_share_of_spec", "provider", "instance_type", "cost_per_unit", "winner"})
        EXPECT_TRUE(header.contains(QLatin1String(column))) << column;
    EXPECT_EQ(header.constLast(), QStringLiteral("winner"));
    int winners = 0, h100Offers = 0;
    for (const QString &line : lines.mid(1)) {
        if (line.startsWith(u"offer,") && line.contains(u"H100-SXM5-80GB"))
            ++h100Offers;
        // The winner is the last column (quoted fields may hold commas).
        if (line.endsWith(u",yes"))
            ++winners;
    }
    EXPECT_EQ(winners, 1);
    EXPECT_GT(h100Offers, 0);
    EXPECT_TRUE(lines.join(u'\n').contains(QStringLiteral("host CPU \u2014 no catalog offers")));
}

TEST_F(BenchmarkReport, PdfShowsDevicesAgainstSpecOffersWinnerAndSources)
{
    importFixtures();
    const QJsonObject o = benchmarkJson();
    const QString pdf = artifact(QStringLiteral("benchmark-en.pdf"));
    const CliRun r = run({QStringLiteral("report"), QStringLiteral("--benchmark"), fixture("h100-synthetic.json"),
                          fixture("cpu-quick.json"), QStringLiteral("-o"), pdf});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    render(pdf);
    const QString t = text(pdf);
    EXPECT_TRUE(t.contains(QStringLiteral("Benchmark report")));
    EXPECT_TRUE(t.contains(QStringLiteral("Measured devices against the catalog spec")));
    const QJsonObject h100 = o.value(u"devices").toArray().at(0).toObject();
    for (const char *key : {"matmul_bf16", "matmul_fp32", "memory_bandwidth"})
        EXPECT_TRUE(t.contains(percentOf(rate(h100, QLatin1String(key))) + QStringLiteral(" of "))) << key;
    EXPECT_TRUE(t.contains(QStringLiteral("unsupported")));
    EXPECT_TRUE(t.contains(QStringLiteral("not measured")));
    EXPECT_TRUE(t.contains(QStringLiteral("host CPU \u2014 no catalog offers")));
    const QJsonObject winner = o.value(u"winner").toObject();
    const QString winnerLine = QStringLiteral("Winner: %1 %2 in %3")
                                   .arg(winner.value(u"provider_name").toString(), winner.value(u"instance_type").toString(),
                                        winner.value(u"region").toString());
    EXPECT_TRUE(t.simplified().contains(winnerLine)) << winnerLine.toStdString();
    EXPECT_TRUE(t.simplified().contains(QStringLiteral("The runner-up, ")));
    EXPECT_TRUE(t.simplified().contains(QStringLiteral("measured by the probe on test-h100-box, 2026-11-30")));
    EXPECT_TRUE(t.simplified().contains(QStringLiteral("H100-SXM5-80GB spec figures: catalog spec")));
}

// Issue 47: where each figure comes from, as a person reads it: the probe file by its name (not
// the folders of the user's disk) and the catalog's spec source in words, not its evidence codes.
TEST_F(BenchmarkReport, SourcesNameTheProbeFileAndTheSpecSourceInWords)
{
    const QString pdf = artifact(QStringLiteral("benchmark-sources.pdf"));
    const CliRun r = run({QStringLiteral("report"), QStringLiteral("--benchmark"), fixture("h100-synthetic.json"),
                          QStringLiteral("-o"), pdf});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    const QString t = text(pdf).simplified();
    const qsizetype at = t.indexOf(QStringLiteral("Where each figure comes from"));
    ASSERT_GE(at, 0);
    const QString sources = t.mid(at);
    QString squeezed = sources;
    squeezed.remove(u' '); // a path the PDF wraps across lines still counts
    EXPECT_TRUE(squeezed.contains(QStringLiteral("(probe1.0.0,fileh100-synthetic.json)"))) << sources.toStdString();
    EXPECT_FALSE(squeezed.contains(QFileInfo(fixture("h100-synthetic.json")).absolutePath().remove(u' ')))
        << sources.toStdString();
    EXPECT_FALSE(sources.contains(QStringLiteral("[V]"))) << sources.toStdString();
    EXPECT_FALSE(sources.contains(u'{')) << sources.toStdString();
    EXPECT_TRUE(sources.contains(QStringLiteral("H100-SXM5-80GB spec figures: catalog spec (stas00/ml-engineering")))
        << sources.toStdString();
    EXPECT_FALSE(sources.contains(QStringLiteral(").)."))) << sources.toStdString();
}

TEST_F(BenchmarkReport, ChinesePdfHasTheChineseTitle)
{
    const QString pdf = artifact(QStringLiteral("benchmark-zh_CN.pdf"));
    const CliRun r = run({QStringLiteral("report"), QStringLiteral("--benchmark"), fixture("h100-synthetic.json"),
                          fixture("cpu-quick.json"), QStringLiteral("-o"), pdf, QStringLiteral("--lang"),
                          QStringLiteral("zh_CN")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    render(pdf);
    const QString t = text(pdf);
    EXPECT_TRUE(t.contains(QStringLiteral("基准测试报告")));
    EXPECT_TRUE(t.contains(QStringLiteral("实测设备与目录规格对比")));
    EXPECT_TRUE(t.contains(QStringLiteral("胜出者")));
    EXPECT_FALSE(t.contains(QStringLiteral("Measured devices")));
}

TEST_F(BenchmarkReport, ScenarioWorkloadIsPricedPerMillionTokens)
{
    const QString pdf = artifact(QStringLiteral("benchmark-scenario.pdf"));
    QFile in(QStringLiteral(":/scenarios/llama-7b-pretrain.json"));
    ASSERT_TRUE(in.open(QIODevice::ReadOnly));
    const QString scenario = write(QStringLiteral("llama.json"), in.readAll());
    const CliRun r = run({QStringLiteral("report"), QStringLiteral("--benchmark"), fixture("h100-synthetic.json"), scenario,
                          QStringLiteral("-o"), pdf, QStringLiteral("--top"), QStringLiteral("3")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    render(pdf);
    const QString t = text(pdf).simplified();
    EXPECT_TRUE(t.contains(QStringLiteral("the workload of the scenario \u201cPre-train a 7B model\u201d"))) << t.left(600).toStdString();
    EXPECT_TRUE(t.contains(QStringLiteral("per million tokens")));
    EXPECT_TRUE(t.contains(QStringLiteral("the 3 cheapest of")));
}

TEST_F(BenchmarkReport, BadInputNamesTheFile)
{
    const QString notProbe = write(QStringLiteral("not-a-probe.json"), R"({"hello": "world"})");
    CliRun r = run({QStringLiteral("report"), QStringLiteral("--benchmark"), fixture("h100-synthetic.json"), notProbe,
                    QStringLiteral("-o"), m_dir.filePath(QStringLiteral("x.pdf"))});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(notProbe)) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("not a probe result"))) << r.err.toStdString();
    EXPECT_FALSE(QFile::exists(m_dir.filePath(QStringLiteral("x.pdf"))));
    r = run({QStringLiteral("report"), QStringLiteral("--benchmark"), fixture("h100-synthetic.json"), QStringLiteral("-o"),
             m_dir.filePath(QStringLiteral("x.txt")), QStringLiteral("--format"), QStringLiteral("xml")});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("--format"))) << r.err.toStdString();
}

TEST_F(BenchmarkReport, ScenarioReportHasThePlanAgainstActualPage)
{
    // Four months from September 2026 for the project "demo"; spend booked for 1 September to 20 October.
    QFile base(QStringLiteral(":/scenarios/llama-7b-pretrain.json"));
    ASSERT_TRUE(base.open(QIODevice::ReadOnly));
    QJsonObject s = QJsonDocument::fromJson(base.readAll()).object();
    s[QStringLiteral("project")] = QStringLiteral("demo");
    s[QStringLiteral("phases")] = QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("Experiments")},
                                                         {QStringLiteral("start"), QStringLiteral("2026-09")},
                                                         {QStringLiteral("months"), 4},
                                                         {QStringLiteral("gpu_hours_per_month"), 8000}}};
    QJsonObject c = s.value(u"constraints").toObject();
    c[QStringLiteral("budget")] = 150000;
    c.remove(QStringLiteral("deadline"));
    s[QStringLiteral("constraints")] = c;
    const QString scenario = write(QStringLiteral("demo.json"), QJsonDocument(s).toJson());
    QByteArray spend = "date,provider,amount,currency,instance_type,hours,kind,project\n";
    for (QDate d(2026, 9, 1); d < QDate(2026, 10, 21); d = d.addDays(1))
        spend += QStringLiteral("%1,aws,%2,USD,p4d.24xlarge,24,usage,demo\n")
                     .arg(d.toString(Qt::ISODate))
                     .arg(d.month() == 9 ? 1100 : 1600)
                     .toUtf8();
    spend += "2026-09-30,aws,2900,USD,,,tax,demo\n2026-10-15,aws,-500,USD,,,credit,demo\n";
    const CliRun imported = run({QStringLiteral("actuals"), QStringLiteral("import"), write(QStringLiteral("spend.csv"), spend),
                                 QStringLiteral("--project"), QStringLiteral("demo")});
    ASSERT_EQ(imported.code, 0) << imported.err.toStdString();

    const QString pdf = artifact(QStringLiteral("plan-against-actual.pdf"));
    const CliRun r = run({QStringLiteral("report"), scenario, QStringLiteral("-o"), pdf});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    render(pdf);
    const QString t = text(pdf).simplified();
    EXPECT_TRUE(t.contains(QStringLiteral("Plan against actual")));
    EXPECT_TRUE(t.contains(QStringLiteral("Spend imported from billing exports of the project \u201cdemo\u201d")));
    EXPECT_TRUE(t.contains(QStringLiteral("$33,000.00"))) << "September: 30 days of $1,100";
    EXPECT_TRUE(t.contains(QStringLiteral("$31,500.00"))) << "October: 20 days of $1,600 less a $500 credit";
    EXPECT_TRUE(t.contains(QStringLiteral("$2,900.00"))) << "the tax line";
    EXPECT_TRUE(t.contains(QStringLiteral("Spent $64,500.00 up to 2026-10-20.")));
    EXPECT_TRUE(t.contains(QStringLiteral("passes the budget of $150,000.00")));
    EXPECT_TRUE(t.contains(QStringLiteral("Spend per month (USD)")));

    // Without the actuals the page is left out.
    const QString without = m_dir.filePath(QStringLiteral("without.pdf"));
    ASSERT_EQ(run({QStringLiteral("report"), scenario, QStringLiteral("-o"), without, QStringLiteral("--no-actuals")}).code, 0);
    EXPECT_FALSE(text(without).contains(QStringLiteral("Plan against actual")));
}

TEST(BenchmarkReportInput, DesktopInputFromTheCurrentPlanWritesThePdf)
{
    tests::PlannedExample example = tests::planExample(QStringLiteral("llama-7b-pretrain"));
    auto input = ui::benchmarkReportInput({QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/probe/h100-synthetic.json")}, example.input, 4);
    ASSERT_TRUE(input.ok()) << input.errorMessage().toStdString();
    ASSERT_TRUE(input.value().benchmark.has_value());
    EXPECT_TRUE(input.value().benchmark->scenarioWorkload);
    EXPECT_LE(input.value().benchmark->devices.at(0).offers.size(), 4);
    ui::ReportOptions options;
    ui::ReportWriter writer(std::move(input).value(), options);
    auto pdf = writer.pdf();
    ASSERT_TRUE(pdf.ok()) << pdf.errorMessage().toStdString();
    EXPECT_GE(writer.pageCount(), 1);

    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("scenario-not-probe.json"));
    QFile f(bad);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "gpu-planner-scenario"})");
    f.close();
    auto failed = ui::benchmarkReportInput({bad}, example.input);
    ASSERT_FALSE(failed.ok());
    EXPECT_TRUE(failed.errorMessage().contains(bad)) << failed.errorMessage().toStdString();
}
