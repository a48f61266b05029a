// gpu-planner-cli portfolio end to end: the real binary on the example portfolio and the
// embedded default catalog.

#include "CliProcess.h"

#include "db/Database.h"
#include "db/SqliteCatalogRepository.h"

#include <QDir>
#include <QFile>
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

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
    return QJsonDocument::fromJson(f.readAll()).object();
}

// "provider/instance/region/billing/term/upfront/class" as the offers row it names (on-demand:
// the first four parts).
QString offerRow(const QString &key)
{
    const QStringList part = key.split(u'/');
    QString where = QStringLiteral("i.provider_id = '%1' AND i.name = '%2' AND r.code = '%3' AND o.billing = '%4'")
                        .arg(part.value(0), part.value(1), part.value(2), part.value(3));
    if (part.value(3) != u"on_demand" && part.value(3) != u"capacity_block")
        where += QStringLiteral(" AND o.term_months = %1 AND o.upfront = '%2' AND o.offering_class = '%3'")
                     .arg(part.value(4), part.value(5), part.value(6));
    return QStringLiteral("id IN (SELECT o.id FROM offers o JOIN instance_types i ON i.id = o.instance_type_id "
                          "JOIN regions r ON r.id = o.region_id WHERE %1)").arg(where);
}

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

// The fault probe's SIGABRT (issue 43): a portfolio whose workloads all run after its horizon gave
// GLPK a problem with no columns, and GLPK aborts the process on that. Now it is a clear error.
TEST_F(PortfolioCli, NothingToBuyInTheHorizonIsAnErrorNotAnAbort)
{
    const QString later = write(QStringLiteral("later.json"),
                                R"({"format": "gpu-planner-portfolio", "version": 1, "start": "2026-09", "months": 3,
        "providers": ["aws"], "pools": [{"provider": "aws"}],
        "workloads": [{"name": "Later", "scenario": ")" GPUPLANNER_SOURCE_DIR R"(/resources/scenarios/bert-base-finetune.json",
                       "phases": [{"start": "2030-01", "months": 3, "gpu_hours_per_month": 200}]}]})");
    const CliRun r = run({QStringLiteral("portfolio"), QStringLiteral("plan"), later});
    EXPECT_EQ(r.code, 2) << r.err.toStdString();
    EXPECT_NE(r.err.indexOf(QStringLiteral("nothing to buy: no workload needs GPU time in the 3 months from 2026-09")), -1)
        << r.err.toStdString();
    EXPECT_EQ(r.err.indexOf(QStringLiteral("glp_")), -1) << r.err.toStdString();
}

// --record writes the plan's priced_on into the portfolio file (everything else kept); --since
// says nothing moved on the same catalog, and after the catalog changes (an on-demand price down,
// the bought commitment withdrawn) lists each change with its source and date, the purchase
// plan's and the expected cost's.
TEST_F(PortfolioCli, RecordThenSinceListsWhatTheCatalogChanged)
{
    // The example, with its scenarios found where the example's are.
    QJsonObject original = readJson(example());
    QJsonArray workloads = original.value(QStringLiteral("workloads")).toArray();
    for (qsizetype i = 0; i < workloads.size(); ++i) {
        QJsonObject w = workloads.at(i).toObject();
        w.insert(QStringLiteral("scenario"),
                 QDir(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/portfolios")).absoluteFilePath(w.value(QStringLiteral("scenario")).toString()));
        workloads.replace(i, w);
    }
    original.insert(QStringLiteral("workloads"), workloads);
    // Written by hand: keys in reverse order, two-space indent, one member per line (issue 47 (6):
    // the record must leave all of it as it is).
    QByteArray hand = "{\n";
    const QStringList keys = original.keys();
    for (qsizetype i = keys.size() - 1; i >= 0; --i) {
        const QJsonValue v = original.value(keys.at(i));
        const QByteArray value = v.isObject() || v.isArray()
            ? (v.isObject() ? QJsonDocument(v.toObject()) : QJsonDocument(v.toArray())).toJson(QJsonDocument::Compact)
            : QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
        hand += "  \"" + keys.at(i).toUtf8() + "\" : " + value + (i > 0 ? ",\n" : "\n");
    }
    hand += "}\n";
    const QString path = write(QStringLiteral("team.json"), hand);

    const CliRun none = run({QStringLiteral("portfolio"), QStringLiteral("plan"), path, QStringLiteral("--since")});
    EXPECT_EQ(none.code, 2);
    EXPECT_TRUE(none.err.contains(path + QStringLiteral(": has no recorded plan (priced_on)"))) << none.err.toStdString();

    const CliRun recorded = run({QStringLiteral("portfolio"), QStringLiteral("plan"), path, QStringLiteral("--record"),
                                 QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(recorded.code, 0) << recorded.err.toStdString();
    EXPECT_TRUE(recorded.err.contains(QStringLiteral("Recorded in"))) << recorded.err.toStdString();
    QJsonObject root = readJson(path);
    for (const QString &key : original.keys())
        EXPECT_EQ(root.value(key), original.value(key)) << key.toStdString();
    {
        // Byte for byte: the hand-written text up to its last member, then only the record.
        QFile written(path);
        ASSERT_TRUE(written.open(QIODevice::ReadOnly));
        const QByteArray bytes = written.readAll();
        const QByteArray kept = hand.chopped(3); // without "\n}\n"
        EXPECT_TRUE(bytes.startsWith(kept + ",\n  \"priced_on\": {\n    \"")) << bytes.left(400).toStdString();
        EXPECT_TRUE(bytes.endsWith("\n  }\n}\n"));
    }
    const QJsonObject record = root.value(QStringLiteral("priced_on")).toObject();
    EXPECT_EQ(record.value(QStringLiteral("catalog_hash")).toString().size(), 64);
    EXPECT_FALSE(record.value(QStringLiteral("provider_dates")).toObject().isEmpty());
    EXPECT_FALSE(record.value(QStringLiteral("fx_per_usd")).toObject().isEmpty());
    EXPECT_EQ(record.value(QStringLiteral("display_currency")).toString(), QStringLiteral("USD"));
    EXPECT_FALSE(record.value(QStringLiteral("prices")).toArray().isEmpty());
    const QJsonObject plan = QJsonDocument::fromJson(recorded.out.toUtf8()).object();
    EXPECT_NEAR(record.value(QStringLiteral("expected_cost")).toDouble(), plan.value(QStringLiteral("expected_cost")).toDouble(), 0.01);
    const QJsonArray purchases = record.value(QStringLiteral("purchases")).toArray();
    ASSERT_FALSE(purchases.isEmpty());
    const QJsonObject bought = purchases.first().toObject();
    for (const char *field : {"provider", "commitment", "month", "source", "date"})
        EXPECT_FALSE(bought.value(QLatin1String(field)).toString().isEmpty()) << field;
    EXPECT_GT(bought.value(QStringLiteral("quantity")).toDouble(), 0);
    EXPECT_GT(bought.value(QStringLiteral("unit_price_per_hour")).toDouble(), 0);

    // The same catalog: nothing moved (`portfolio FILE` is `portfolio plan FILE`).
    const CliRun same = run({QStringLiteral("portfolio"), path, QStringLiteral("--since")});
    ASSERT_EQ(same.code, 0) << same.err.toStdString();
    EXPECT_TRUE(same.out.startsWith(QStringLiteral("Since this portfolio was priced on "))) << same.out.toStdString();
    EXPECT_TRUE(same.out.section(u'\n', 0, 0).endsWith(QStringLiteral("nothing changed."))) << same.out.toStdString();
    EXPECT_TRUE(same.out.contains(QStringLiteral("Purchase plan"))) << same.out.toStdString();

    // The catalog changes: the bought commitment is withdrawn, its instance's on-demand price falls
    // (so the instance stays the workload's cheapest on its provider).
    const QString commitmentKey = bought.value(QStringLiteral("key")).toString().section(u'|', 0, 0);
    const QString onDemandKey = commitmentKey.section(u'/', 0, 2) + QStringLiteral("/on_demand/0//");
    {
        auto db = db::Database::open(m_catalog, db::OpenMode::ReadWrite);
        ASSERT_TRUE(db.ok()) << db.errorMessage().toStdString();
        auto raised = db.value()->exec(
            QStringLiteral("UPDATE offers SET hourly_price = hourly_price * 0.9, effective_date = '2026-12-01' WHERE ") + offerRow(onDemandKey));
        ASSERT_TRUE(raised.ok()) << raised.errorMessage().toStdString();
        // Every upfront option and class of the bought term: one left would still be offered.
        const QStringList part = commitmentKey.split(u'/');
        auto withdrawn = db.value()->exec(
            QStringLiteral("DELETE FROM offers WHERE id IN (SELECT o.id FROM offers o JOIN instance_types i ON i.id = "
                           "o.instance_type_id JOIN regions r ON r.id = o.region_id WHERE i.provider_id = '%1' AND "
                           "i.name = '%2' AND r.code = '%3' AND o.billing = '%4' AND o.term_months = %5)")
                .arg(part.value(0), part.value(1), part.value(2), part.value(3), part.value(4)));
        ASSERT_TRUE(withdrawn.ok()) << withdrawn.errorMessage().toStdString();
    }
    const CliRun moved = run({QStringLiteral("portfolio"), QStringLiteral("plan"), path, QStringLiteral("--since"),
                              QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(moved.code, 0) << moved.err.toStdString();
    const QJsonObject since = QJsonDocument::fromJson(moved.out.toUtf8()).object().value(QStringLiteral("since")).toObject();
    ASSERT_FALSE(since.isEmpty()) << moved.out.toStdString();
    EXPECT_TRUE(since.value(QStringLiteral("heading")).toString().startsWith(QStringLiteral("Since this portfolio was priced on ")));
    EXPECT_TRUE(since.value(QStringLiteral("purchases_changed")).toBool());
    EXPECT_NEAR(since.value(QStringLiteral("expected_cost_then")).toDouble(), record.value(QStringLiteral("expected_cost")).toDouble(), 0.01);
    QStringList kinds, lines;
    for (const QJsonValue &c : since.value(QStringLiteral("changes")).toArray()) {
        kinds << c[QStringLiteral("kind")].toString();
        lines << c[QStringLiteral("text")].toString();
    }
    const QString all = lines.join(u'\n');
    EXPECT_TRUE(kinds.contains(QStringLiteral("price")) && kinds.contains(QStringLiteral("withdrawn"))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral(": on-demand: "))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("/h now (")) && all.contains(QStringLiteral(", 2026-12-01)."))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("withdrawn, no longer in the catalog (was "))) << all.toStdString();
    // Issue 47 (7): "withdrawn" only for what the catalog no longer sells.
    for (qsizetype i = 0; i < kinds.size(); ++i) {
        if (kinds.at(i) == u"withdrawn") {
            EXPECT_TRUE(lines.at(i).contains(QStringLiteral("withdrawn, no longer in the catalog"))) << lines.at(i).toStdString();
        }
    }
    EXPECT_TRUE(all.contains(QStringLiteral("Purchase plan: ")) && all.contains(QStringLiteral(" then"))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("Expected cost: ")) && all.contains(QStringLiteral("%)."))) << all.toStdString();

    // A damaged record is an error naming the file and the field.
    QJsonObject damaged = record;
    damaged.insert(QStringLiteral("planned_at"), QStringLiteral("last week"));
    root.insert(QStringLiteral("priced_on"), damaged);
    write(QStringLiteral("team.json"), QJsonDocument(root).toJson());
    const CliRun bad = run({QStringLiteral("portfolio"), path, QStringLiteral("--since")});
    EXPECT_EQ(bad.code, 2);
    EXPECT_TRUE(bad.err.contains(path) && bad.err.contains(QStringLiteral("priced_on.planned_at"))) << bad.err.toStdString();
}
