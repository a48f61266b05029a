// `actuals usage|reprice|recommend` end to end with the real binary on the repo's billing
// samples and the embedded catalog: each prints its tables, CSV and JSON; an import's stored
// lines (--id) read as the file does; bad input names the file or option.

#include "CliProcess.h"
#include "db/Database.h"

#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

namespace {

using gpuplanner::tests::CliRun;

class BillCli : public gpuplanner::tests::CatalogCopyCli
{
protected:
    static QString data(const QString &name) { return QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/") + name; }

    QJsonObject json(const QStringList &args)
    {
        const CliRun r = run(args + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        return QJsonDocument::fromJson(r.out.toUtf8()).object();
    }
};

const QString kActuals = QStringLiteral("actuals");

// pdftotext's text of a PDF (poppler-utils; a missing tool fails the test).
QString pdfText(const QString &pdf)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-")});
    if (!p.waitForFinished(120000) || p.exitCode() != 0) {
        ADD_FAILURE() << "pdftotext (poppler-utils) failed on " << pdf.toStdString();
        return {};
    }
    return QString::fromUtf8(p.readAllStandardOutput());
}

} // namespace

TEST_F(BillCli, UsageOfTheSamplesPlacesGpusAndListsTheRest)
{
    for (const char *file : {"aws_cur_legacy_gpu.reconstructed.csv", "focus_1.2_aws_gpu.reconstructed.csv",
                             "azure_ea_actualcost_2024-08-01_gpu.reconstructed.csv",
                             "gcp_bq_detailed_export_gpu.reconstructed.ndjson", "tencent_bill_detail_intl.reconstructed.csv"}) {
        const QString path = data(QString::fromLatin1(file));
        const CliRun table = run({kActuals, QStringLiteral("usage"), path});
        ASSERT_EQ(table.code, 0) << file << ": " << table.err.toStdString();
        EXPECT_TRUE(table.out.contains(QStringLiteral("GPU usage by month"))) << table.out.toStdString();
        EXPECT_TRUE(table.out.contains(QStringLiteral("Steady (in every month) and bursty usage")));
        // The GCP sample's CUD fee names no machine type: listed with its spend, never dropped.
        const bool gcp = QString::fromLatin1(file).startsWith(u"gcp");
        EXPECT_TRUE(table.out.contains(gcp ? QStringLiteral("Unrecognised GPU lines: 1") : QStringLiteral("Unrecognised GPU lines: 0")))
            << file << table.out.toStdString();
        EXPECT_TRUE(table.out.contains(QStringLiteral("GPU spend")));
        const QJsonObject j = json({kActuals, QStringLiteral("usage"), path});
        EXPECT_FALSE(j.value(u"usage").toArray().isEmpty()) << file;
        const CliRun csv = run({kActuals, QStringLiteral("usage"), path, QStringLiteral("--format"), QStringLiteral("csv")});
        ASSERT_EQ(csv.code, 0);
        EXPECT_TRUE(csv.out.startsWith(QStringLiteral("record,month,gpu,"))) << csv.out.toStdString();
    }
}

TEST_F(BillCli, RepriceShowsEveryPriceWithItsSourceAndTheSaving)
{
    const QString path = data(QStringLiteral("aws_cur_legacy_gpu.reconstructed.csv"));
    const CliRun table = run({kActuals, QStringLiteral("reprice"), path});
    ASSERT_EQ(table.code, 0) << table.err.toStdString();
    EXPECT_TRUE(table.out.contains(QStringLiteral("Saving available by month")));
    EXPECT_TRUE(table.out.contains(QStringLiteral("Prices used")));
    const QJsonObject j = json({kActuals, QStringLiteral("reprice"), path});
    const QJsonArray rows = j.value(u"rows").toArray();
    ASSERT_FALSE(rows.isEmpty());
    for (const QJsonValue &v : rows) {
        const QJsonObject od = v.toObject().value(u"on_demand").toObject();
        EXPECT_FALSE(od.value(u"source").toString().isEmpty());
        EXPECT_FALSE(od.value(u"date").toString().isEmpty());
        for (const QJsonValue &c : v.toObject().value(u"commitments").toArray())
            EXPECT_EQ(c.toObject().value(u"provider").toString(), QStringLiteral("aws")); // only what AWS sells
    }
    EXPECT_EQ(j.value(u"months").toArray().size(), 1);
    const CliRun csv = run({kActuals, QStringLiteral("reprice"), path, QStringLiteral("--format"), QStringLiteral("csv")});
    ASSERT_EQ(csv.code, 0);
    EXPECT_TRUE(csv.out.startsWith(QStringLiteral("month,provider,instance_type,"))) << csv.out.toStdString();
}

TEST_F(BillCli, RecommendPlansFromTheBillAndWritesItsPortfolio)
{
    const QString path = data(QStringLiteral("aws_cur_legacy_gpu.reconstructed.csv"));
    const QString portfolio = write(QStringLiteral("from-bill.json"), {});
    const CliRun table = run({kActuals, QStringLiteral("recommend"), path, QStringLiteral("--start"), QStringLiteral("2027-01"),
                              QStringLiteral("--write-portfolio"), portfolio});
    ASSERT_EQ(table.code, 0) << table.err.toStdString();
    EXPECT_TRUE(table.out.contains(QStringLiteral("Steady usage the plan commits to")));
    EXPECT_TRUE(table.out.contains(QStringLiteral("Cost of being wrong"))) << table.out.toStdString();
    // The file it wrote is a portfolio the `portfolio` command plans.
    const CliRun again = run({QStringLiteral("portfolio"), QStringLiteral("plan"), portfolio});
    EXPECT_EQ(again.code, 0) << again.err.toStdString();
    const QJsonObject j = json({kActuals, QStringLiteral("recommend"), path, QStringLiteral("--start"), QStringLiteral("2027-01")});
    EXPECT_TRUE(j.contains(QStringLiteral("purchases")));
    EXPECT_EQ(j.value(u"steady_usage").toArray().size(), 2);
    const CliRun csv = run({kActuals, QStringLiteral("recommend"), path, QStringLiteral("--format"), QStringLiteral("csv")});
    ASSERT_EQ(csv.code, 0) << csv.err.toStdString();
    EXPECT_TRUE(csv.out.startsWith(QStringLiteral("month,provider,instance_type,")));
}

TEST_F(BillCli, StoredImportReadsAsTheFile)
{
    const QString path = data(QStringLiteral("aws_cur2_data_exports_gpu.reconstructed.csv"));
    ASSERT_EQ(run({kActuals, QStringLiteral("import"), path}).code, 0);
    const QJsonObject fromFile = json({kActuals, QStringLiteral("usage"), path});
    const QJsonObject stored = json({kActuals, QStringLiteral("usage"), QStringLiteral("--id"), QStringLiteral("1")});
    EXPECT_EQ(stored.value(u"gpu_spend"), fromFile.value(u"gpu_spend"));
    EXPECT_EQ(stored.value(u"usage"), fromFile.value(u"usage"));
    // The stored lines keep their regions: the provider's own offers are priced as from the file.
    bool regions = false;
    for (const QJsonValue &v : stored.value(u"usage").toArray())
        regions = regions || !v.toObject().value(u"region").toString().isEmpty();
    EXPECT_TRUE(regions);
    const QStringList reprice{kActuals, QStringLiteral("reprice")};
    const QJsonObject repricedFile = json(reprice + QStringList{path});
    const QJsonObject repricedStored = json(reprice + QStringList{QStringLiteral("--id"), QStringLiteral("1")});
    ASSERT_FALSE(repricedFile.value(u"rows").toArray().isEmpty());
    EXPECT_EQ(repricedStored, repricedFile);
    const CliRun tableFile = run(reprice + QStringList{path});
    const CliRun tableStored = run(reprice + QStringList{QStringLiteral("--id"), QStringLiteral("1")});
    ASSERT_EQ(tableStored.code, 0) << tableStored.err.toStdString();
    EXPECT_EQ(tableStored.out, tableFile.out);
    const QStringList recommend{kActuals, QStringLiteral("recommend"), QStringLiteral("--start"), QStringLiteral("2027-01")};
    const QJsonObject plannedFile = json(recommend + QStringList{path});
    const QJsonObject plannedStored = json(recommend + QStringList{QStringLiteral("--id"), QStringLiteral("1")});
    EXPECT_EQ(plannedStored.value(u"steady_usage"), plannedFile.value(u"steady_usage"));
    EXPECT_EQ(plannedStored.value(u"purchases"), plannedFile.value(u"purchases"));
    EXPECT_FALSE(tableStored.out.contains(QStringLiteral("name no region"))) << tableStored.out.toStdString();

    // Lines imported before the catalog kept regions read as '' (migration 011): said, not guessed.
    {
        auto db = gpuplanner::db::Database::open(m_catalog, gpuplanner::db::OpenMode::ReadWrite);
        ASSERT_TRUE(db.ok()) << db.errorMessage().toStdString();
        ASSERT_TRUE(db.value()->exec(QStringLiteral("UPDATE spend_lines SET region = ''")).ok());
    }
    const CliRun old = run({kActuals, QStringLiteral("usage"), QStringLiteral("--id"), QStringLiteral("1")});
    ASSERT_EQ(old.code, 0) << old.err.toStdString();
    EXPECT_TRUE(old.out.contains(QStringLiteral("of import 1 name no region"))) << old.out.toStdString();
}

TEST_F(BillCli, BadInputNamesTheFileOrOption)
{
    const CliRun missing = run({kActuals, QStringLiteral("usage"), QStringLiteral("/nonexistent/bill.csv")});
    EXPECT_EQ(missing.code, 2);
    EXPECT_TRUE(missing.err.contains(QStringLiteral("/nonexistent/bill.csv"))) << missing.err.toStdString();
    const CliRun format = run({kActuals, QStringLiteral("usage"), data(QStringLiteral("aws_cur_legacy.csv")),
                               QStringLiteral("--format"), QStringLiteral("xml")});
    EXPECT_EQ(format.code, 1);
    EXPECT_TRUE(format.err.contains(QStringLiteral("--format"))) << format.err.toStdString();
    const CliRun growth = run({kActuals, QStringLiteral("recommend"), data(QStringLiteral("aws_cur_legacy_gpu.reconstructed.csv")),
                               QStringLiteral("--growth"), QStringLiteral("lots")});
    EXPECT_EQ(growth.code, 1);
    EXPECT_TRUE(growth.err.contains(QStringLiteral("--growth"))) << growth.err.toStdString();
    const CliRun unknown = run({kActuals, QStringLiteral("usage"), QStringLiteral("--id"), QStringLiteral("99")});
    EXPECT_EQ(unknown.code, 2);
    EXPECT_TRUE(unknown.err.contains(QStringLiteral("no billing import 99"))) << unknown.err.toStdString();
    const CliRun both = run({kActuals, QStringLiteral("usage")});
    EXPECT_EQ(both.code, 1);
}

TEST_F(BillCli, PortfolioReportFromABillHasWhatWeRanAndWhatToBuyNextInEnglishAndChinese)
{
    const QString bill = data(QStringLiteral("aws_cur_legacy_gpu.reconstructed.csv"));
    const QString portfolio = write(QStringLiteral("from-bill.json"), {});
    ASSERT_EQ(run({kActuals, QStringLiteral("recommend"), bill, QStringLiteral("--start"), QStringLiteral("2027-01"),
                   QStringLiteral("--write-portfolio"), portfolio}).code, 0);
    for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        const QString pdf = write(QStringLiteral("bill-%1.pdf").arg(lang), {});
        const CliRun r = run({QStringLiteral("report"), QStringLiteral("portfolio"), portfolio, QStringLiteral("--bill"), bill,
                              QStringLiteral("--lang"), lang, QStringLiteral("-o"), pdf});
        ASSERT_EQ(r.code, 0) << r.err.toStdString();
        const QString text = pdfText(pdf);
        if (lang == u"en") {
            EXPECT_TRUE(text.contains(QStringLiteral("What we ran and what to buy next"))) << text.toStdString();
            EXPECT_TRUE(text.contains(QStringLiteral("GPU spend in USD")));
            EXPECT_TRUE(text.contains(QStringLiteral("Purchase plan")));
        } else {
            EXPECT_TRUE(text.contains(QStringLiteral("该买什么"))) << text.toStdString(); // 下一步该买什么
            EXPECT_TRUE(text.contains(QStringLiteral("GPU 型号")));
        }
        EXPECT_TRUE(text.contains(QStringLiteral("aws_cur_legacy_gpu.reconstructed.csv")));
    }
    const CliRun badBill = run({QStringLiteral("report"), QStringLiteral("portfolio"), portfolio, QStringLiteral("--bill"),
                                QStringLiteral("/nonexistent/bill.csv"), QStringLiteral("-o"), write(QStringLiteral("x.pdf"), {})});
    EXPECT_EQ(badBill.code, 2);
    EXPECT_TRUE(badBill.err.contains(QStringLiteral("/nonexistent/bill.csv"))) << badBill.err.toStdString();
}
