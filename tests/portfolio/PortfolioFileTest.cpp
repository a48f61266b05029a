// Portfolio files: the example loads as written; every bad field is an error naming its path.

#include "core/portfolio/Portfolio.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

class PortfolioFile : public ::testing::Test
{
protected:
    void SetUp() override
    {
        auto presets = loadModelPresets();
        ASSERT_TRUE(presets.ok()) << presets.errorMessage().toStdString();
        m_presets = presets.value();
    }

    // Parsed with the example scenarios' folder as the base for relative paths.
    Result<Portfolio> parse(const QByteArray &json)
    {
        return parsePortfolio(json, QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/portfolios"), m_presets);
    }

    std::string error(const QByteArray &json)
    {
        auto p = parse(json);
        EXPECT_FALSE(p.ok());
        return p.errorMessage().toStdString();
    }

    QList<ModelPreset> m_presets;
};

const QByteArray kServing = R"("scenario": "../scenarios/llama-70b-serving.json")";

QByteArray portfolio(const QByteArray &workloads, const QByteArray &extra = {})
{
    return R"({"format": "gpu-planner-portfolio", "version": 1, "start": "2026-09", "months": 12, )" + extra
        + R"("workloads": [)" + workloads + "]}";
}

} // namespace

TEST_F(PortfolioFile, ExampleLoads)
{
    auto p = loadPortfolio(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/portfolios/team-year.json"), m_presets);
    ASSERT_TRUE(p.ok()) << p.errorMessage().toStdString();
    EXPECT_EQ(p.value().start, QDate(2026, 9, 1));
    EXPECT_EQ(p.value().months, 12);
    EXPECT_DOUBLE_EQ(p.value().demandShortfall, 0.3);
    EXPECT_FALSE(p.value().worstCaseCap.has_value());
    ASSERT_EQ(p.value().workloads.size(), 3);
    EXPECT_EQ(p.value().workloads.at(0).name, QStringLiteral("Chat serving"));
    EXPECT_EQ(p.value().workloads.at(0).scenario.phases.size(), 1);
    EXPECT_EQ(p.value().workloads.at(1).scenario.phases.size(), 3); // the scenario's own phases
    // The portfolio's phases replace the scenario's.
    const QList<Phase> &bert = p.value().workloads.at(2).scenario.phases;
    ASSERT_EQ(bert.size(), 1);
    EXPECT_EQ(bert.at(0).months, 12);
    EXPECT_DOUBLE_EQ(bert.at(0).gpuHoursPerMonth, 60);
    EXPECT_TRUE(bert.at(0).spotAllowed);
    ASSERT_EQ(p.value().pools.size(), 1);
    EXPECT_TRUE(p.value().pools.at(0).covers(QStringLiteral("aws"), Billing::SavingsPlan));
    EXPECT_FALSE(p.value().pools.at(0).covers(QStringLiteral("aws"), Billing::CapacityBlock));
    EXPECT_FALSE(p.value().pools.at(0).covers(QStringLiteral("azure"), Billing::Reserved));
}

TEST_F(PortfolioFile, EmbeddedScenarioAndCap)
{
    auto p = parse(portfolio(R"({"name": "tiny", "scenario": {"workload": {"task": "finetune", "model": "bert-base",
        "tokens": "10M"}, "phases": [{"start": "2026-09", "months": 2, "gpus": 4}]}})",
                             R"("worst_case_cap": "250k", "display_currency": "USD", )"));
    ASSERT_TRUE(p.ok()) << p.errorMessage().toStdString();
    ASSERT_TRUE(p.value().worstCaseCap.has_value());
    EXPECT_DOUBLE_EQ(*p.value().worstCaseCap, 250000);
    EXPECT_EQ(p.value().workloads.at(0).scenario.phases.at(0).gpus, 4);
    EXPECT_TRUE(p.value().workloads.at(0).scenarioFile.isEmpty());
}

TEST_F(PortfolioFile, ErrorsNameTheField)
{
    const std::string missing = error(portfolio("{" + kServing + R"(}, {"scenario": "no-such.json"})"));
    EXPECT_EQ(missing.rfind("workloads[1].scenario: file not found: ", 0), 0u) << missing;
    EXPECT_NE(missing.find("no-such.json"), std::string::npos) << missing;

    EXPECT_EQ(error(portfolio("{" + kServing + "}", R"("months": 40, )")).rfind("months: 40", 0), 0u);
    EXPECT_EQ(error(R"({"format": "gpu-planner-scenario", "version": 1})").rfind("format: ", 0), 0u);
    EXPECT_EQ(error(portfolio("")).rfind("workloads: is empty", 0), 0u);
    const std::string start = error(R"({"format": "gpu-planner-portfolio", "version": 1, "start": "soon",
        "workloads": [{)" + kServing + "}]}");
    EXPECT_EQ(start.rfind("start: \"soon\" is not a month", 0), 0u) << start;

    const std::string phase = error(portfolio("{" + kServing + R"(, "phases": [{"start": "2026-09", "gpus": 2,
        "gpu_hours_per_month": 5}]})"));
    EXPECT_EQ(phase.rfind("workloads[0].phases[0]: give exactly one load", 0), 0u) << phase;

    const std::string embedded = error(portfolio(R"({"scenario": {"workload": {"task": "finetune", "model": "no-such-model"}}})"));
    EXPECT_EQ(embedded.rfind("workloads[0].scenario.workload.model: ", 0), 0u) << embedded;

    const std::string pool = error(portfolio("{" + kServing + "}", R"("pools": [{"provider": "aws", "billing": ["spot"]}], )"));
    EXPECT_EQ(pool.rfind("pools[0].billing[0]: \"spot\" is not one of reserved, savings_plan, capacity_block", 0), 0u)
        << pool;

    const std::string key = error(portfolio("{" + kServing + R"(, "gpus": 3})"));
    EXPECT_EQ(key.rfind("workloads[0]", 0), 0u) << key;
    EXPECT_NE(key.find("gpus"), std::string::npos) << key;

    const std::string shortfall = error(portfolio("{" + kServing + "}", R"("demand_shortfall": 1.5, )"));
    EXPECT_EQ(shortfall.rfind("demand_shortfall: 1.5", 0), 0u) << shortfall;
}

TEST_F(PortfolioFile, ScenarioFileErrorsNameTheFileAndField)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QFile f(dir.filePath(QStringLiteral("bad.json")));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "gpu-planner-scenario", "version": 1, "workload": {"task": "finetune", "model": "bert-base",
        "tokens": "10M"}, "phases": [{"start": "later", "gpus": 1}]})");
    f.close();
    auto p = parsePortfolio(portfolio(R"({"scenario": "bad.json"})"), dir.path(), m_presets);
    ASSERT_FALSE(p.ok());
    const std::string e = p.errorMessage().toStdString();
    EXPECT_EQ(e.rfind("workloads[0].scenario: ", 0), 0u) << e;
    EXPECT_NE(e.find("bad.json: phases[0].start"), std::string::npos) << e;
}
