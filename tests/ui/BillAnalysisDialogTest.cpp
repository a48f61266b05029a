// "What we ran…" (issue 48): the Actual spend dialog's button and the analysis it opens on the AWS
// CUR sample: the repriced usage under QAbstractItemModelTester, each price's source and date in
// its tooltip, the summary's GPU spend (placed + unrecognised), a file it cannot read named.
// Screenshot in the artifacts (screenshots/bill-analysis.png). "Start a portfolio from this
// bill…" writes a file the portfolio reader reads, or names the file it could not write.

#include "ScreenshotLook.h"
#include "core/estimate/ModelPresets.h"
#include "core/portfolio/Portfolio.h"
#include "ui/catalog/BillAnalysisDialog.h"
#include "ui/catalog/BillUsageModel.h"
#include "ui/catalog/SpendImportsDialog.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

using namespace gpuplanner;

namespace {

// The sample's own public on-demand rates (pricing/publicOnDemandRate), sourced from it.
core::Offer sampleRate(const QString &type, const QString &region, const QString &gpu, double rate)
{
    core::Offer o;
    o.provider = QStringLiteral("aws");
    o.providerName = QStringLiteral("AWS");
    o.instanceType = type;
    o.region = region;
    o.regionName = region;
    o.geography = QStringLiteral("North America");
    o.gpu = gpu;
    o.gpuCount = 8;
    o.billing = core::Billing::OnDemand;
    o.pricePerHour = o.pricePerHourUsd = rate;
    o.currency = QStringLiteral("USD");
    o.source = QStringLiteral("aws_cur_legacy_gpu.reconstructed.csv pricing/publicOnDemandRate");
    o.effectiveDate = QStringLiteral("2024-05-01");
    return o;
}

QList<core::Offer> sampleCatalog()
{
    return {sampleRate(QStringLiteral("p4d.24xlarge"), QStringLiteral("us-east-1"), QStringLiteral("A100-SXM4-40GB"), 32.7726),
            sampleRate(QStringLiteral("p5.48xlarge"), QStringLiteral("us-west-2"), QStringLiteral("H100-SXM5-80GB"), 98.32)};
}

} // namespace

TEST(BillAnalysisDialog, ShowsTheRepricedUsageWithEveryPricesSource)
{
    ui::BillAnalysisDialog dialog(sampleCatalog());
    QAbstractItemModelTester tester(dialog.model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    const QString file = QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/aws_cur_legacy_gpu.reconstructed.csv");
    dialog.present(ui::BillAnalysisDialog::analyse(file, sampleCatalog()));
    ASSERT_EQ(dialog.model()->rowCount(), 4);
    const QModelIndex od = dialog.model()->index(0, ui::BillUsageModel::OnDemand);
    EXPECT_TRUE(od.data(Qt::ToolTipRole).toString().contains(QStringLiteral("pricing/publicOnDemandRate")));
    EXPECT_TRUE(od.data(Qt::ToolTipRole).toString().contains(QStringLiteral("2024-05-01")));
    EXPECT_EQ(dialog.model()->index(0, ui::BillUsageModel::Commitment).data().toString(), QStringLiteral("none sold"));
    EXPECT_TRUE(dialog.summary()->text().contains(QStringLiteral("unrecognised"))) << dialog.summary()->text().toStdString();
    EXPECT_TRUE(dialog.summary()->text().contains(QStringLiteral("Saving available")));
    EXPECT_EQ(dialog.tabs()->count(), 3);
    auto *usage = dialog.findChild<QPlainTextEdit *>(QStringLiteral("billUsageText"));
    ASSERT_NE(usage, nullptr);
    EXPECT_TRUE(usage->toPlainText().contains(QStringLiteral("Unrecognised GPU lines: 0")));
    dialog.show();
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(dialog.grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/bill-analysis.png")));
    dialog.tabs()->setCurrentIndex(2);
    EXPECT_TRUE(dialog.grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/bill-analysis-saving.png")));
}

TEST(BillAnalysisDialog, AFileItCannotReadIsNamed)
{
    ui::BillAnalysisDialog dialog(sampleCatalog());
    dialog.present(ui::BillAnalysisDialog::analyse(QStringLiteral("/nonexistent/bill.csv"), sampleCatalog()));
    EXPECT_EQ(dialog.model()->rowCount(), 0);
    EXPECT_TRUE(dialog.summary()->text().contains(QStringLiteral("/nonexistent/bill.csv")));
}

TEST(BillAnalysisDialog, TheActualSpendDialogOffersIt)
{
    ui::SpendImportsDialog spend({});
    ASSERT_NE(spend.analyseButton(), nullptr);
    EXPECT_TRUE(spend.analyseButton()->isEnabled());
    EXPECT_FALSE(spend.analyseButton()->toolTip().isEmpty());
}

TEST(BillAnalysisDialog, ChineseScreenshot)
{
    const tests::LookScope look(tests::Look::Chinese);
    ui::BillAnalysisDialog dialog(sampleCatalog());
    EXPECT_EQ(dialog.windowTitle(), QStringLiteral("我们用了什么，换一种方式要花多少"));
    EXPECT_EQ(dialog.portfolioButton()->text(), QStringLiteral("从这份账单开始投资组合(&P)…"));
    dialog.present(ui::BillAnalysisDialog::analyse(
        QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/aws_cur_legacy_gpu.reconstructed.csv"), sampleCatalog()));
    dialog.show();
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(dialog.grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/bill-analysis-zh_CN.png")));
}

TEST(BillAnalysisDialog, StartsAPortfolioFromTheBillThatThePortfolioReaderReads)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    ui::BillAnalysisDialog dialog(sampleCatalog());
    ASSERT_NE(dialog.portfolioButton(), nullptr);
    EXPECT_FALSE(dialog.portfolioButton()->isEnabled()) << "no bill read yet";
    const QString bill = QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/aws_cur_legacy_gpu.reconstructed.csv");
    dialog.present(ui::BillAnalysisDialog::analyse(bill, sampleCatalog()));
    ASSERT_TRUE(dialog.portfolioButton()->isEnabled());
    dialog.show();

    // Its Alt+letter is its own in the dialog (tabs and buttons).
    int sameKey = 0;
    const auto count = [&](const QString &text) { sameKey += text.contains(QStringLiteral("&p"), Qt::CaseInsensitive) ? 1 : 0; };
    for (QAbstractButton *b : dialog.findChildren<QAbstractButton *>())
        count(b->text());
    for (QTabBar *tabs : dialog.findChildren<QTabBar *>()) {
        for (int i = 0; i < tabs->count(); ++i)
            count(tabs->tabText(i));
    }
    EXPECT_EQ(sameKey, 1);
    EXPECT_TRUE(dialog.portfolioButton()->text().contains(QStringLiteral("&portfolio")));

    // Cancelled: nothing written, nothing said.
    QString suggested;
    dialog.setPortfolioPathChooser([&](const QString &s) {
        suggested = s;
        return QString();
    });
    QTest::mouseClick(dialog.portfolioButton(), Qt::LeftButton);
    EXPECT_TRUE(suggested.endsWith(QStringLiteral("aws_cur_legacy_gpu.reconstructed-portfolio.json"))) << suggested.toStdString();
    EXPECT_TRUE(dialog.portfolioStatus()->text().isEmpty());

    const QString path = dir.filePath(QStringLiteral("from-bill.json"));
    dialog.setPortfolioPathChooser([&](const QString &) { return path; });
    QTest::mouseClick(dialog.portfolioButton(), Qt::LeftButton);
    ASSERT_TRUE(QFileInfo::exists(path));
    EXPECT_TRUE(dialog.portfolioStatus()->text().contains(path)) << dialog.portfolioStatus()->text().toStdString();
    auto presets = core::loadModelPresets();
    ASSERT_TRUE(presets.ok()) << presets.errorMessage().toStdString();
    auto portfolio = core::loadPortfolio(path, presets.value());
    ASSERT_TRUE(portfolio.ok()) << portfolio.errorMessage().toStdString();
    // `actuals recommend`'s defaults: 12 months from the month after the bill, 30 % shortfall;
    // one workload per GPU model that ran in every month of the bill.
    EXPECT_EQ(portfolio->months, 12);
    EXPECT_EQ(portfolio->start, QDate(2024, 6, 1));
    EXPECT_DOUBLE_EQ(portfolio->demandShortfall, 0.3);
    EXPECT_EQ(portfolio->workloads.size(), 2);
    EXPECT_EQ(portfolio->name, QStringLiteral("Commitments from aws_cur_legacy_gpu.reconstructed.csv"));
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(dialog.grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/bill-analysis-portfolio.png")));

    // A file it cannot write is named.
    const QString unwritable = dir.filePath(QStringLiteral("no-such-folder/p.json"));
    EXPECT_FALSE(dialog.writePortfolio(unwritable));
    EXPECT_FALSE(QFileInfo::exists(unwritable));
    EXPECT_TRUE(dialog.portfolioStatus()->text().contains(unwritable)) << dialog.portfolioStatus()->text().toStdString();

    // A bill that could not be read starts nothing.
    dialog.present(ui::BillAnalysisDialog::analyse(QStringLiteral("/nonexistent/bill.csv"), sampleCatalog()));
    EXPECT_FALSE(dialog.portfolioButton()->isEnabled());
}
