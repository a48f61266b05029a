#include "report/ReportTestSupport.h"

#include "db/SeedCatalog.h"

#include "core/cost/BillingCost.h"
#include "core/estimate/ModelPresets.h"
#include "db/SqliteCatalogRepository.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

#include <gtest/gtest.h>

namespace gpuplanner::tests {

using namespace gpuplanner::core;

ToolRun runTool(const QString &tool, const QStringList &args)
{
    const QString path = QStandardPaths::findExecutable(tool);
    if (path.isEmpty()) {
        ADD_FAILURE() << tool.toStdString()
                      << " not found on PATH: install poppler-utils (scripts/install-deps.sh) to check the reports";
        return {};
    }
    QProcess process;
    process.start(path, args);
    EXPECT_TRUE(process.waitForFinished(120000)) << tool.toStdString();
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

QString plainText(const QString &pdftotext)
{
    QString t = pdftotext.normalized(QString::NormalizationForm_KC);
    // CJK Radicals Supplement forms with no decomposition, to the ideographs they stand for.
    static const QList<QPair<char16_t, char16_t>> radicals{
        {0x2EC5, 0x89C1}, {0x2EC6, 0x89D2}, {0x2EC9, 0x8D1D}, {0x2ECB, 0x8F66}, {0x2ED3, 0x957F}, {0x2ED4, 0x95E8},
        {0x2ED9, 0x97E6}, {0x2EDA, 0x9875}, {0x2EDB, 0x98CE}, {0x2EDD, 0x98DF}, {0x2EE2, 0x9A6C}, {0x2EE4, 0x9B3C},
        {0x2EE5, 0x9C7C}, {0x2EE6, 0x9E1F}, {0x2EE8, 0x9EA6}, {0x2EE9, 0x9EC4}, {0x2EEC, 0x9F50}, {0x2EEE, 0x9F7F},
        {0x2EF0, 0x9F99}, {0x2EF3, 0x9F9F}, {0x2E9F, 0x6BCD}};
    for (const auto &[from, to] : radicals)
        t.replace(QChar(from), QChar(to));
    return t;
}

QString artifactDir()
{
    const QString dir = QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/report");
    QDir().mkpath(dir);
    return dir;
}

int pdfPages(const QString &pdf)
{
    const ToolRun info = runTool(QStringLiteral("pdfinfo"), {pdf});
    const auto match = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(info.out);
    return match.hasMatch() ? match.captured(1).toInt() : -1;
}

PlannedExample planExample(const QString &name)
{
    PlannedExample out;
    auto presets = loadModelPresets();
    EXPECT_TRUE(presets.ok()) << presets.errorMessage().toStdString();
    QFile file(QStringLiteral(":/scenarios/%1.json").arg(name));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
    auto scenario = parseScenario(file.readAll(), presets.value());
    EXPECT_TRUE(scenario.ok()) << scenario.errorMessage().toStdString();
    auto repo = db::SqliteCatalogRepository::openExisting(seedCatalogPath());
    EXPECT_TRUE(repo.ok()) << repo.errorMessage().toStdString();
    auto offers = repo.value()->offers(OfferQuery{});
    auto gpus = repo.value()->gpuModels();
    auto info = repo.value()->info();
    auto rules = loadBillingRules();
    EXPECT_TRUE(offers.ok() && gpus.ok() && info.ok() && rules.ok());

    ui::ReportInput &in = out.input;
    in.scenario = scenario.value();
    in.request = in.scenario.request();
    // The same FX and billing rules `plan` uses.
    FxTable fx = FxTable::fromOffers(offers.value());
    for (const FxRate &r : in.scenario.assumptions.fx.rates()) {
        if (r.currency != u"USD")
            fx.set(r);
    }
    in.request.assumptions.fx = fx;
    in.request.assumptions.billingRules = rules.value();
    out.planner = std::make_shared<Planner>();
    out.planner->setCatalog(offers.value(), gpus.value());
    out.planner->plan(in.request);
    in.planner = out.planner.get();
    in.catalog = info.value();
    auto rates = timelineRatesFromPlan(*out.planner, in.scenario);
    if (rates) {
        auto timeline = buildTimeline(in.scenario, rates.value(), fx);
        if (timeline)
            in.timeline = timeline.value();
        else
            in.timelineProblem = timeline.errorMessage();
    } else {
        in.timelineProblem = rates.errorMessage();
    }
    return out;
}

} // namespace gpuplanner::tests
