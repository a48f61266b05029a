// gpu-planner-cli portfolio end to end: the real binary on the example portfolio and the
// embedded default catalog.

#include "CliProcess.h"

#include "db/SqliteCatalogRepository.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace gpuplanner;
using gpuplanner::tests::CliRun;

namespace {

class PortfolioCli : public tests::CatalogCopyCli
{
protected:
    static QString example() { return QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/portfolios/team-year.json"); }
};

double sum(const QJsonArray &a)
{
    double s = 0;
    for (const QJsonValue &v : a)
        s += v.toDouble();
    return s;
}

} // namespace

TEST_F(PortfolioCli, ExamplePlansWithSavingsUtilisationAndSensitivity)
{
    const CliRun r = run({QStringLiteral("portfolio"), QStringLiteral("plan"), example(), QStringLiteral("--format"),
                          QStringLiteral("json")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    ASSERT_FALSE(o.isEmpty()) << r.out.toStdString();
    EXPECT_EQ(o.value(QStringLiteral("months")).toArray().size(), 12);
    EXPECT_EQ(o.value(QStringLiteral("months")).toArray().first().toString(), QStringLiteral("2026-09"));

    // The expected cost is the cases' weighted sum, and below all on-demand by the saving.
    const QJsonArray cases = o.value(QStringLiteral("demand_cases")).toArray();
    ASSERT_EQ(cases.size(), 3);
    double weighted = 0;
    for (const QJsonValue &c : cases)
        weighted += c[QStringLiteral("weight")].toDouble() * c[QStringLiteral("cost")].toDouble();
    const double expected = o.value(QStringLiteral("expected_cost")).toDouble();
    EXPECT_NEAR(weighted, expected, 0.05);
    EXPECT_LE(cases.at(0)[QStringLiteral("cost")].toDouble(), cases.at(1)[QStringLiteral("cost")].toDouble());
    EXPECT_LE(cases.at(1)[QStringLiteral("cost")].toDouble(), cases.at(2)[QStringLiteral("cost")].toDouble());
    const double onDemand = o.value(QStringLiteral("all_on_demand_cost")).toDouble();
    EXPECT_GT(onDemand, expected);
    EXPECT_NEAR(o.value(QStringLiteral("saving_vs_all_on_demand")).toDouble(), onDemand - expected, 0.05);
    const QJsonObject single = o.value(QStringLiteral("best_single_provider")).toObject();
    EXPECT_GE(single.value(QStringLiteral("cost")).toDouble(), expected - 0.05);

    // Spend per provider adds up to the expected cost.
    double spend = 0;
    const QJsonObject byProvider = o.value(QStringLiteral("spend_by_provider")).toObject();
    for (auto it = byProvider.begin(); it != byProvider.end(); ++it) {
        EXPECT_EQ(it.value().toArray().size(), 13) << it.key().toStdString(); // 12 months and "after"
        spend += sum(it.value().toArray());
    }
    EXPECT_NEAR(spend, expected, 1.0);

    // Something is bought, used for most of its term, and above its break-even on average.
    const QJsonArray purchases = o.value(QStringLiteral("purchases")).toArray();
    ASSERT_FALSE(purchases.isEmpty());
    const QJsonArray use = o.value(QStringLiteral("utilization")).toArray();
    ASSERT_FALSE(use.isEmpty());
    for (const QJsonValue &u : use) {
        for (const QJsonValue &m : u[QStringLiteral("utilization")].toArray()) {
            EXPECT_GE(m.toDouble(), 0.0);
            EXPECT_LE(m.toDouble(), 1.0 + 1e-9);
        }
    }

    // Demand 30 % lower: the plan's purchases cost at least what the plan made knowing it costs.
    const QJsonArray wrong = o.value(QStringLiteral("cost_of_being_wrong")).toArray();
    ASSERT_GE(wrong.size(), 2);
    EXPECT_EQ(wrong.at(0)[QStringLiteral("id")].toString(), QStringLiteral("demand_drop"));
    for (const QJsonValue &w : wrong) {
        EXPECT_GE(w[QStringLiteral("cost_of_being_wrong")].toDouble(), -0.01);
        EXPECT_NEAR(w[QStringLiteral("cost_of_being_wrong")].toDouble(),
                    w[QStringLiteral("plan_cost")].toDouble() - w[QStringLiteral("reoptimised_cost")].toDouble(), 0.02);
    }
    EXPECT_LT(wrong.at(0)[QStringLiteral("plan_cost")].toDouble(), expected);
    EXPECT_EQ(o.value(QStringLiteral("solver")).toObject().value(QStringLiteral("name")).toString().left(4),
              QStringLiteral("GLPK"));
}

// Every purchase is an offer the catalog holds: that provider, instance type, region, billing
// model, term and payment option.
TEST_F(PortfolioCli, EveryPurchaseIsSoldByItsProvider)
{
    const CliRun r = run({QStringLiteral("portfolio"), QStringLiteral("plan"), example(), QStringLiteral("--format"),
                          QStringLiteral("json")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    const QJsonArray purchases = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("purchases")).toArray();
    ASSERT_FALSE(purchases.isEmpty());
    auto repo = db::SqliteCatalogRepository::openExisting(m_catalog);
    ASSERT_TRUE(repo.ok()) << repo.errorMessage().toStdString();
    auto offers = repo.value()->offers(core::OfferQuery{});
    ASSERT_TRUE(offers.ok());
    for (const QJsonValue &p : purchases) {
        EXPECT_FALSE(p[QStringLiteral("negotiated")].toBool()); // the example negotiates nothing
        const auto billing = core::billingFromId(p[QStringLiteral("billing")].toString());
        ASSERT_TRUE(billing.has_value());
        const bool sold = std::any_of(offers.value().cbegin(), offers.value().cend(), [&](const core::Offer &o) {
            return o.provider == p[QStringLiteral("provider")].toString()
                && o.instanceType == p[QStringLiteral("instance_type")].toString()
                && o.region == p[QStringLiteral("region")].toString() && o.billing == *billing
                && (o.billing == core::Billing::CapacityBlock
                    || (o.termMonths == p[QStringLiteral("term_months")].toInt()
                        && o.upfront == p[QStringLiteral("upfront")].toString()));
        });
        EXPECT_TRUE(sold) << QJsonDocument(p.toObject()).toJson().toStdString();
    }
}

TEST_F(PortfolioCli, TableAndErrors)
{
    const CliRun table = run({QStringLiteral("portfolio"), example()});
    ASSERT_EQ(table.code, 0) << table.err.toStdString();
    for (const char *heading : {"Purchase plan", "Expected utilisation per month", "Expected spend per provider and month",
                                "All on-demand", "Best single provider", "Cost of being wrong", "Demand 30% lower",
                                "Solver: GLPK"})
        EXPECT_NE(table.out.indexOf(QString::fromUtf8(heading)), -1) << heading << '\n' << table.out.toStdString();

    const QString bad = write(QStringLiteral("bad.json"),
                              R"({"format": "gpu-planner-portfolio", "version": 1, "start": "2026-09", "workloads": [
        {"scenario": ")" GPUPLANNER_SOURCE_DIR R"(/resources/scenarios/llama-70b-serving.json"},
        {"scenario": "missing.json"}]})");
    const CliRun missing = run({QStringLiteral("portfolio"), QStringLiteral("plan"), bad});
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.err.indexOf(QStringLiteral("workloads[1].scenario: file not found")), -1) << missing.err.toStdString();

    const CliRun usage = run({QStringLiteral("portfolio"), QStringLiteral("plan"), example(), QStringLiteral("--format"),
                              QStringLiteral("csv")});
    EXPECT_EQ(usage.code, 1);
    EXPECT_NE(usage.err.indexOf(QStringLiteral("--format")), -1);
    EXPECT_EQ(run({QStringLiteral("portfolio")}).code, 1);

    const QString capped = write(QStringLiteral("capped.json"),
                                 R"({"format": "gpu-planner-portfolio", "version": 1, "start": "2026-09", "worst_case_cap": 1000,
        "workloads": [{"scenario": ")" GPUPLANNER_SOURCE_DIR R"(/resources/scenarios/llama-70b-serving.json"}]})");
    const CliRun cap = run({QStringLiteral("portfolio"), QStringLiteral("plan"), capped});
    EXPECT_EQ(cap.code, 2);
    EXPECT_NE(cap.err.indexOf(QStringLiteral("worst-case cap of 1000 USD")), -1) << cap.err.toStdString();
}
