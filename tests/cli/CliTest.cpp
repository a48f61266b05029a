// gpu-planner-cli end to end: runs the real binary with a private XDG data directory,
// so the first run also exercises creating the user's catalog from the embedded seed.

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>

#include "CliProcess.h"
#include "db/Database.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using gpuplanner::tests::CliRun;

class Cli : public ::testing::Test
{
protected:
    CliRun run(const QStringList &args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        return gpuplanner::tests::runCli(args, env, 60000);
    }

    QJsonArray runJson(const QStringList &args)
    {
        const CliRun r = run(args);
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
        EXPECT_EQ(error.error, QJsonParseError::NoError) << r.out.left(200).toStdString();
        return doc.array();
    }

    QTemporaryDir m_home;
};

} // namespace

TEST_F(Cli, HelpAndVersion)
{
    const CliRun help = run({QStringLiteral("--help")});
    EXPECT_EQ(help.code, 0);
    EXPECT_TRUE(help.out.contains(QStringLiteral("offers")));
    EXPECT_TRUE(help.out.contains(QStringLiteral("catalog info")));
    const CliRun version = run({QStringLiteral("--version")});
    EXPECT_EQ(version.code, 0);
    EXPECT_TRUE(version.out.startsWith(QStringLiteral("gpu-planner-cli ")));
    const CliRun offersHelp = run({QStringLiteral("offers"), QStringLiteral("--help")});
    EXPECT_EQ(offersHelp.code, 0);
    EXPECT_TRUE(offersHelp.out.contains(QStringLiteral("--min-gpus")));
}

TEST_F(Cli, FirstRunCreatesTheUserCatalogWithoutNetwork)
{
    const CliRun info = run({QStringLiteral("catalog"), QStringLiteral("info")});
    ASSERT_EQ(info.code, 0) << info.err.toStdString();
    EXPECT_TRUE(QFile::exists(m_home.filePath(QStringLiteral("gpu-planner/catalog.sqlite"))));
    EXPECT_TRUE(info.out.contains(QStringLiteral("Schema version")));
    EXPECT_TRUE(info.out.contains(QStringLiteral("2024-08"))) << "Azure's older data date is shown";
}

TEST_F(Cli, DoneWhenA100_80GBx8ListsEveryProviderThatRentsIt)
{
    const QJsonArray offers = runJson({QStringLiteral("offers"), QStringLiteral("--gpu"), QStringLiteral("A100-80GB"),
                                       QStringLiteral("--min-gpus"), QStringLiteral("8"), QStringLiteral("--format"),
                                       QStringLiteral("json")});
    QSet<QString> providers;
    for (const QJsonValue &v : offers) {
        const QJsonObject o = v.toObject();
        EXPECT_EQ(o.value(QStringLiteral("gpu")).toString(), QStringLiteral("A100-SXM4-80GB"));
        EXPECT_GE(o.value(QStringLiteral("gpu_count")).toDouble(), 8);
        EXPECT_GT(o.value(QStringLiteral("price_per_hour")).toDouble(), 0);
        for (const char *field : {"provider", "instance_type", "region", "gpu", "gpu_count", "gpu_memory_gib", "vcpus",
                                  "memory_gib", "billing", "term_months", "price_per_hour", "price_per_gpu_hour",
                                  "currency", "source", "effective_date"})
            EXPECT_TRUE(o.contains(QString::fromLatin1(field))) << field;
        providers.insert(o.value(QStringLiteral("provider")).toString());
    }
    for (const char *p : {"aws", "azure", "gcp", "lambda", "oci", "alicloud"})
        EXPECT_TRUE(providers.contains(QString::fromLatin1(p))) << p;
}

TEST_F(Cli, OffersSortAndLimit)
{
    const QJsonArray offers = runJson({QStringLiteral("offers"), QStringLiteral("--gpu"), QStringLiteral("H100"),
                                       QStringLiteral("--min-gpus"), QStringLiteral("8"), QStringLiteral("--sort"),
                                       QStringLiteral("price"), QStringLiteral("--limit"), QStringLiteral("5"),
                                       QStringLiteral("--billing"), QStringLiteral("on_demand"), QStringLiteral("--format"),
                                       QStringLiteral("json")});
    ASSERT_EQ(offers.size(), 5);
    for (const QJsonValue &v : offers)
        EXPECT_EQ(v.toObject().value(QStringLiteral("billing")).toString(), QStringLiteral("on_demand"));
}

TEST_F(Cli, HuaweiCloudIsListedAndSaysItHasNoOfflinePrices)
{
    const CliRun info = run({QStringLiteral("catalog"), QStringLiteral("info")});
    ASSERT_EQ(info.code, 0) << info.err.toStdString();
    EXPECT_TRUE(info.out.contains(QStringLiteral("huaweicloud"))) << info.out.toStdString();
    const CliRun offers = run({QStringLiteral("offers"), QStringLiteral("--provider"), QStringLiteral("huaweicloud")});
    EXPECT_EQ(offers.code, 0);
    EXPECT_TRUE(offers.out.contains(QStringLiteral("0 offers"))) << offers.out.toStdString();
    EXPECT_TRUE(offers.err.contains(QStringLiteral("huaweicloud has no prices in this catalog: no offline prices")))
        << offers.err.toStdString();
    EXPECT_TRUE(offers.err.contains(QStringLiteral("GPUPLANNER_HUAWEI_AK"))) << offers.err.toStdString();
}

TEST_F(Cli, ReservedOffersCarryTheirWholeCommitment)
{
    const QJsonArray offers = runJson({QStringLiteral("offers"), QStringLiteral("--provider"), QStringLiteral("aws"),
                                       QStringLiteral("--region"), QStringLiteral("us-east-1"), QStringLiteral("--gpu"),
                                       QStringLiteral("H100"), QStringLiteral("--billing"), QStringLiteral("reserved"),
                                       QStringLiteral("--format"), QStringLiteral("json")});
    bool none = false, all = false, partial = false;
    for (const QJsonValue &v : offers) {
        const QJsonObject o = v.toObject();
        EXPECT_EQ(o.value(QStringLiteral("billing")).toString(), QStringLiteral("reserved"));
        if (o.value(QStringLiteral("instance_type")).toString() != u"p5.48xlarge"
            || o.value(QStringLiteral("term_months")).toInt() != 36
            || o.value(QStringLiteral("offering_class")).toString() != u"standard")
            continue;
        const QString upfront = o.value(QStringLiteral("upfront")).toString();
        if (upfront == u"none") {
            none = true;
            EXPECT_NEAR(o.value(QStringLiteral("price_per_hour")).toDouble(), 23.777, 0.001);
            EXPECT_EQ(o.value(QStringLiteral("upfront_fee")).toDouble(), 0);
        } else if (upfront == u"all") {
            all = true;
            EXPECT_GT(o.value(QStringLiteral("upfront_fee")).toDouble(), 500000);
            EXPECT_EQ(o.value(QStringLiteral("recurring_per_hour")).toDouble(), 0);
        } else {
            partial = true;
            EXPECT_TRUE(o.value(QStringLiteral("upfront_fee")).isNull()) << "the source does not split partial upfront";
        }
        EXPECT_EQ(o.value(QStringLiteral("price_basis")).toString(), QStringLiteral("effective"));
    }
    EXPECT_TRUE(none && all && partial);
    const QJsonArray allUpfront = runJson({QStringLiteral("offers"), QStringLiteral("--billing"), QStringLiteral("reserved"),
                                           QStringLiteral("--term"), QStringLiteral("12"), QStringLiteral("--upfront"),
                                           QStringLiteral("all"), QStringLiteral("--limit"), QStringLiteral("20"),
                                           QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_FALSE(allUpfront.isEmpty());
    for (const QJsonValue &v : allUpfront) {
        EXPECT_EQ(v.toObject().value(QStringLiteral("term_months")).toInt(), 12);
        EXPECT_EQ(v.toObject().value(QStringLiteral("upfront")).toString(), QStringLiteral("all"));
    }
}

TEST_F(Cli, CommitmentFiltersNameTheFlagAtFault)
{
    const CliRun term = run({QStringLiteral("offers"), QStringLiteral("--term"), QStringLiteral("twelve")});
    EXPECT_EQ(term.code, 1);
    EXPECT_TRUE(term.err.contains(QStringLiteral("--term"))) << term.err.toStdString();
    const CliRun upfront = run({QStringLiteral("offers"), QStringLiteral("--upfront"), QStringLiteral("some")});
    EXPECT_EQ(upfront.code, 1);
    EXPECT_TRUE(upfront.err.contains(QStringLiteral("--upfront: 'some'"))) << upfront.err.toStdString();
    const CliRun spot = run({QStringLiteral("offers"), QStringLiteral("--billing"), QStringLiteral("spot"),
                             QStringLiteral("--term"), QStringLiteral("12")});
    EXPECT_EQ(spot.code, 1);
    EXPECT_TRUE(spot.err.contains(QStringLiteral("describe commitments"))) << spot.err.toStdString();
}

TEST_F(Cli, CatalogCheckListsEveryFlaggedOfferAndStrictFails)
{
    const CliRun check = run({QStringLiteral("catalog"), QStringLiteral("check")});
    ASSERT_EQ(check.code, 0) << check.err.toStdString();
    EXPECT_TRUE(check.out.contains(QStringLiteral("round_placeholder"))) << "Mithril's 1.00 placeholders";
    // GCP's defined-duration prices filed as on-demand are unknown, not suspect, and the
    // on-demand SKU sums they outnumbered (a3-highgpu-8g in us-east4, 87.83) are not flagged.
    EXPECT_FALSE(check.out.contains(QStringLiteral("a3-highgpu-8g"))) << check.out.toStdString();
    EXPECT_FALSE(check.out.contains(QStringLiteral("a2-ultragpu-8g")));
    // Google lists no on-demand price for A4 (its DWS calendar rate is not one): no offer to flag.
    EXPECT_FALSE(check.out.contains(QStringLiteral("a4-highgpu-8g")));
    // 155: Cudo's 18 A100/A800 PCIe offers no longer mismatch their spec once filed as 80 GB PCIe cards.
    EXPECT_TRUE(check.out.contains(QStringLiteral("155 suspect offer(s): 0 spot_above_on_demand, 8 round_placeholder, "
                                                  "25 peer_outlier, 2 region_outlier, 0 other_usage_type, "
                                                  "0 price_conflict, 0 below_published_listing")))
        << check.out.right(600).toStdString();
    EXPECT_EQ(run({QStringLiteral("catalog"), QStringLiteral("check"), QStringLiteral("--strict")}).code, 2);
    // Listing leaves them out unless asked, and marks them when asked.
    const QJsonArray plain = runJson({QStringLiteral("offers"), QStringLiteral("--provider"), QStringLiteral("mithril"),
                                      QStringLiteral("--format"), QStringLiteral("json")});
    EXPECT_TRUE(plain.isEmpty());
    const QJsonArray all = runJson({QStringLiteral("offers"), QStringLiteral("--provider"), QStringLiteral("mithril"),
                                    QStringLiteral("--include-suspect"), QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(all.size(), 8);
    for (const QJsonValue &v : all) {
        EXPECT_TRUE(v.toObject().value(QStringLiteral("suspect")).toBool());
        EXPECT_TRUE(v.toObject().value(QStringLiteral("suspect_reason")).toString().contains(u"placeholder"));
    }
    // AWS's own interruption bucket on its spot offers.
    const QJsonArray spot = runJson({QStringLiteral("offers"), QStringLiteral("--provider"), QStringLiteral("aws"),
                                     QStringLiteral("--region"), QStringLiteral("us-east-1"), QStringLiteral("--gpu"),
                                     QStringLiteral("H100"), QStringLiteral("--min-gpus"), QStringLiteral("8"),
                                     QStringLiteral("--billing"), QStringLiteral("spot"), QStringLiteral("--format"),
                                     QStringLiteral("json")});
    bool p5 = false;
    for (const QJsonValue &v : spot) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("instance_type")).toString() != u"p5.48xlarge")
            continue;
        p5 = true;
        EXPECT_EQ(o.value(QStringLiteral("interruption_bucket")).toString(), QStringLiteral(">20%"));
        EXPECT_DOUBLE_EQ(o.value(QStringLiteral("interruption_rate_monthly")).toDouble(), 0.25);
        EXPECT_TRUE(o.value(QStringLiteral("interruption_source")).toString().contains(u"Spot Instance Advisor"));
    }
    EXPECT_TRUE(p5);
}

TEST_F(Cli, CsvHasTheDocumentedHeader)
{
    const CliRun r = run({QStringLiteral("offers"), QStringLiteral("--provider"), QStringLiteral("lambda"),
                       QStringLiteral("--format"), QStringLiteral("csv")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.startsWith(QStringLiteral(
        "provider,instance_type,region,gpu,gpu_count,gpu_memory_gib,vcpus,memory_gib,billing,term_months,upfront,"
        "offering_class,price_per_hour,price_basis,effective_price_per_hour,price_per_gpu_hour,upfront_fee,"
        "recurring_per_hour,min_duration_hours,max_duration_hours,currency,source,effective_date,observed_on,"
        "source_file,suspect,suspect_reason,interruption_bucket,interruption_rate_monthly,interruption_source\n")));
}

TEST_F(Cli, GpusFiltersByVendorAndMemory)
{
    const QJsonArray gpus = runJson({QStringLiteral("gpus"), QStringLiteral("--vendor"), QStringLiteral("nvidia"),
                                     QStringLiteral("--min-memory"), QStringLiteral("80"), QStringLiteral("--format"),
                                     QStringLiteral("json")});
    ASSERT_FALSE(gpus.isEmpty());
    for (const QJsonValue &v : gpus) {
        EXPECT_EQ(v.toObject().value(QStringLiteral("vendor")).toString(), QStringLiteral("NVIDIA"));
        EXPECT_GE(v.toObject().value(QStringLiteral("memory_gib")).toDouble(), 80);
    }
}

// Issue 47: T4 and V100 have no BF16; their published 16-bit rate is FP16 and the table says so.
TEST_F(Cli, GpusTableNamesTheFormatOfEachSixteenBitRate)
{
    const CliRun r = run({QStringLiteral("gpus"), QStringLiteral("--vendor"), QStringLiteral("nvidia")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    auto rowOf = [&](const QString &gpu) {
        for (const QString &line : r.out.split(u'\n'))
            if (line.startsWith(gpu + u' '))
                return line.simplified();
        return QString();
    };
    const QString header = r.out.section(u'\n', 0, 0);
    EXPECT_FALSE(header.contains(QStringLiteral("BF16"))) << header.toStdString();
    for (const char *gpu : {"T4", "V100-SXM2-16GB", "V100-PCIe-16GB"}) {
        const QString row = rowOf(QLatin1String(gpu));
        EXPECT_FALSE(row.contains(QStringLiteral("BF16"))) << row.toStdString();
    }
    EXPECT_TRUE(rowOf(QStringLiteral("T4")).contains(QStringLiteral(" 65 FP16 "))) << rowOf(QStringLiteral("T4")).toStdString();
    EXPECT_TRUE(rowOf(QStringLiteral("V100-SXM2-16GB")).contains(QStringLiteral(" 125 FP16 ")));
    EXPECT_TRUE(rowOf(QStringLiteral("H100-SXM5-80GB")).contains(QStringLiteral(" 989.5 BF16 ")))
        << rowOf(QStringLiteral("H100-SXM5-80GB")).toStdString();
}

TEST_F(Cli, UsageErrorsExitOneAndNameTheProblem)
{
    const QList<std::pair<QStringList, const char *>> cases = {
        {{}, "missing command"},
        {{QStringLiteral("frobnicate")}, "unknown command 'frobnicate'"},
        {{QStringLiteral("offers"), QStringLiteral("--min-gpus"), QStringLiteral("eight")}, "--min-gpus: 'eight'"},
        {{QStringLiteral("offers"), QStringLiteral("--billing"), QStringLiteral("monthly")}, "--billing: 'monthly'"},
        {{QStringLiteral("offers"), QStringLiteral("--format"), QStringLiteral("xml")}, "--format: 'xml'"},
        {{QStringLiteral("offers"), QStringLiteral("--gpu"), QStringLiteral("Z9000")}, "unknown GPU 'Z9000'"},
        {{QStringLiteral("offers"), QStringLiteral("--provider"), QStringLiteral("nimbus")}, "unknown provider 'nimbus'"},
        {{QStringLiteral("offers"), QStringLiteral("--sort"), QStringLiteral("vibes")}, "--sort: 'vibes'"},
        {{QStringLiteral("offers"), QStringLiteral("--bogus")}, "bogus"},
        {{QStringLiteral("catalog")}, "expected a subcommand"},
    };
    for (const auto &[args, message] : cases) {
        const CliRun r = run(args);
        EXPECT_EQ(r.code, 1) << args.join(u' ').toStdString();
        EXPECT_TRUE(r.err.contains(QString::fromLatin1(message)))
            << args.join(u' ').toStdString() << " -> " << r.err.toStdString();
    }
}

TEST_F(Cli, DamagedCatalogExitsTwoNamingTheFileAndLeavesItUntouched)
{
    const QString path = m_home.filePath(QStringLiteral("broken.sqlite"));
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("this is not a database");
    }
    const CliRun r = run({QStringLiteral("--catalog"), path, QStringLiteral("offers")});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(path)) << r.err.toStdString();
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), QByteArray("this is not a database"));

    const CliRun missing = run({QStringLiteral("catalog"), QStringLiteral("info"), QStringLiteral("--catalog"),
                             m_home.filePath(QStringLiteral("nope.sqlite"))});
    EXPECT_EQ(missing.code, 2);
    EXPECT_TRUE(missing.err.contains(QStringLiteral("nope.sqlite")));
}

TEST_F(Cli, EstimatePretrainJsonHasTheDocumentedFields)
{
    const CliRun r = run({QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("llama-2-7b"),
                          QStringLiteral("--task"), QStringLiteral("pretrain"), QStringLiteral("--tokens"),
                          QStringLiteral("2T"), QStringLiteral("--gpu"), QStringLiteral("A100-80GB"),
                          QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("--format"),
                          QStringLiteral("json"),
                          // What the Llama 2 report states: LLaMA's stack again, not a first run. Its
                          // GPU-hours are tokens / throughput, which shows no restarts: the wall-clock
                          // campaign nearest to that is one with automatic restarts.
                          QStringLiteral("--stack"), QStringLiteral("tuned"), QStringLiteral("--first-run"),
                          QStringLiteral("no"), QStringLiteral("--failure-handling"), QStringLiteral("automatic")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    for (const char *field : {"fits", "reason", "gpus", "instances", "layout", "memory_per_gpu_gib",
                              "tokens_per_second", "wall_time_hours", "gpu_hours", "mfu", "bottleneck", "assumptions"})
        EXPECT_TRUE(o.contains(QString::fromLatin1(field))) << field;
    EXPECT_TRUE(o.value(QStringLiteral("fits")).toBool());
    EXPECT_EQ(o.value(QStringLiteral("gpus")).toInt(), 64);
    EXPECT_EQ(o.value(QStringLiteral("instances")).toInt(), 8);
    // Llama 2 7B took 184,320 A100-80GB GPU-hours (Touvron et al. 2023); the estimate is within 25%.
    EXPECT_NEAR(o.value(QStringLiteral("gpu_hours")).toDouble(), 184320, 0.25 * 184320);
    EXPECT_FALSE(o.value(QStringLiteral("assumptions")).toArray().isEmpty());

    // The expected campaign with its P10-P90, and the tuned best case below it (issue 26).
    const double expected = o.value(QStringLiteral("gpu_hours")).toDouble();
    const double p10 = o.value(QStringLiteral("gpu_hours_p10")).toDouble();
    const double p90 = o.value(QStringLiteral("gpu_hours_p90")).toDouble();
    const double tuned = o.value(QStringLiteral("gpu_hours_tuned")).toDouble();
    EXPECT_GT(p10, 0);
    EXPECT_LT(p10, expected);
    EXPECT_GT(p90, expected);
    EXPECT_GT(tuned, 0);
    EXPECT_LT(tuned, expected) << "the best case is below what to budget";
    EXPECT_LE(p10, 184320);
    EXPECT_GE(p90, 184320) << "the published campaign lies in the range";
    const QJsonObject campaign = o.value(QStringLiteral("campaign")).toObject();
    EXPECT_EQ(campaign.value(QStringLiteral("range_basis")).toString(), QStringLiteral("published_campaigns"));
    EXPECT_TRUE(campaign.value(QStringLiteral("factor_applied")).toBool());
    EXPECT_GE(campaign.value(QStringLiteral("campaigns_fitted")).toInt(), 25);
    const QStringList said = [&] {
        QStringList out;
        for (const QJsonValue &v : o.value(QStringLiteral("assumptions")).toArray())
            out << v.toString();
        return out;
    }();
    EXPECT_TRUE(said.join(u'\n').contains(QStringLiteral("Expected campaign")));
    EXPECT_TRUE(said.join(u'\n').contains(QStringLiteral("Best case, a tuned stack")));
    EXPECT_TRUE(said.join(u'\n').contains(QStringLiteral("validation-campaigns.csv")));
}

// Issue 46: the campaign terms a team states, each with its source and its factor on GPU-hours;
// an unstated term is shown as the default it takes.
TEST_F(Cli, EstimateShowsTheCampaignTermsWithTheirSourceAndEffect)
{
    const QStringList base{QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("llama-2-7b"),
                           QStringLiteral("--task"), QStringLiteral("pretrain"), QStringLiteral("--tokens"),
                           QStringLiteral("2T"), QStringLiteral("--gpu"), QStringLiteral("A100-80GB"),
                           QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("--format"),
                           QStringLiteral("json")};
    auto termsOf = [](const QJsonObject &o) {
        QHash<QString, QJsonObject> out;
        for (const QJsonValue &v : o.value(QStringLiteral("campaign")).toObject().value(QStringLiteral("terms")).toArray())
            out.insert(v.toObject().value(QStringLiteral("term")).toString(), v.toObject());
        return out;
    };
    const CliRun stated = run(base + QStringList{QStringLiteral("--stack"), QStringLiteral("generic"),
                                                 QStringLiteral("--failure-handling"), QStringLiteral("manual")});
    ASSERT_EQ(stated.code, 0) << stated.err.toStdString();
    const QJsonObject o = QJsonDocument::fromJson(stated.out.toUtf8()).object();
    const auto terms = termsOf(o);
    ASSERT_EQ(terms.size(), 4);
    EXPECT_EQ(terms[QStringLiteral("stack")].value(QStringLiteral("value")).toString(), QStringLiteral("generic"));
    EXPECT_TRUE(terms[QStringLiteral("stack")].value(QStringLiteral("stated")).toBool());
    EXPECT_GT(terms[QStringLiteral("stack")].value(QStringLiteral("factor")).toDouble(), 1.0);
    EXPECT_TRUE(terms[QStringLiteral("failure_handling")].value(QStringLiteral("stated")).toBool());
    EXPECT_GT(terms[QStringLiteral("failure_handling")].value(QStringLiteral("factor")).toDouble(), 1.0);
    EXPECT_FALSE(terms[QStringLiteral("first_run")].value(QStringLiteral("stated")).toBool()) << "a default, shown as one";
    EXPECT_EQ(terms[QStringLiteral("spare_capacity")].value(QStringLiteral("factor")).toDouble(), 1.0);
    for (const QJsonObject &t : terms)
        EXPECT_FALSE(t.value(QStringLiteral("source")).toString().isEmpty());

    // A team that states a tuned stack, automatic restarts and no first run budgets less; spares
    // add to the GPU-hours paid.
    const CliRun tuned = run(base + QStringList{QStringLiteral("--stack"), QStringLiteral("tuned"),
                                                QStringLiteral("--failure-handling"), QStringLiteral("automatic"),
                                                QStringLiteral("--first-run"), QStringLiteral("no"),
                                                QStringLiteral("--spare-capacity"), QStringLiteral("10")});
    ASSERT_EQ(tuned.code, 0) << tuned.err.toStdString();
    const QJsonObject t = QJsonDocument::fromJson(tuned.out.toUtf8()).object();
    EXPECT_LT(t.value(QStringLiteral("gpu_hours")).toDouble(), o.value(QStringLiteral("gpu_hours")).toDouble());
    EXPECT_NEAR(termsOf(t)[QStringLiteral("spare_capacity")].value(QStringLiteral("factor")).toDouble(), 1.10, 1e-12);

    const CliRun bad = run(base + QStringList{QStringLiteral("--stack"), QStringLiteral("mfu=1.5")});
    EXPECT_EQ(bad.code, 1);
    EXPECT_TRUE(bad.err.contains(QStringLiteral("--stack"))) << bad.err.toStdString();
}

TEST_F(Cli, EstimateCustomArchitectureAndVision)
{
    const CliRun custom = run({QStringLiteral("estimate"), QStringLiteral("--task"), QStringLiteral("pretrain"),
                               QStringLiteral("--params"), QStringLiteral("13e9"), QStringLiteral("--layers"),
                               QStringLiteral("40"), QStringLiteral("--hidden"), QStringLiteral("5120"),
                               QStringLiteral("--heads"), QStringLiteral("40"), QStringLiteral("--kv-heads"),
                               QStringLiteral("40"), QStringLiteral("--seq-len"), QStringLiteral("4096"),
                               QStringLiteral("--tokens"), QStringLiteral("300B"), QStringLiteral("--gpu"),
                               QStringLiteral("H100"), QStringLiteral("--gpus"), QStringLiteral("32"),
                               QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(custom.code, 0) << custom.err.toStdString();
    const QJsonObject c = QJsonDocument::fromJson(custom.out.toUtf8()).object();
    EXPECT_TRUE(c.value(QStringLiteral("fits")).toBool());
    EXPECT_GT(c.value(QStringLiteral("wall_time_hours")).toDouble(), 0);

    const CliRun vision = run({QStringLiteral("estimate"), QStringLiteral("--task"), QStringLiteral("vision"),
                               QStringLiteral("--flops-per-sample"), QStringLiteral("8.2e9"),
                               QStringLiteral("--samples"), QStringLiteral("1.28M"), QStringLiteral("--epochs"),
                               QStringLiteral("90"), QStringLiteral("--gpu"), QStringLiteral("V100"),
                               QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--format"),
                               QStringLiteral("json")});
    ASSERT_EQ(vision.code, 0) << vision.err.toStdString();
    const QJsonObject v = QJsonDocument::fromJson(vision.out.toUtf8()).object();
    EXPECT_GT(v.value(QStringLiteral("samples_per_second")).toDouble(), 0);
    // GPU-hours: the ideal time over the goodput, plus the fixed start-up, on 8 GPUs; no published
    // vision campaigns, so no campaign factor, and the range is the tuned runs' spread.
    const double ideal = 1.28e6 * 90 / v.value(QStringLiteral("samples_per_second")).toDouble() / 3600;
    EXPECT_NEAR(v.value(QStringLiteral("gpu_hours")).toDouble(),
                8 * (ideal / v.value(QStringLiteral("goodput")).toDouble() + v.value(QStringLiteral("startup_hours")).toDouble()),
                1e-6);
    EXPECT_EQ(v.value(QStringLiteral("campaign")).toObject().value(QStringLiteral("range_basis")).toString(),
              QStringLiteral("tuned_steady_state"));
    EXPECT_LT(v.value(QStringLiteral("gpu_hours_p10")).toDouble(), v.value(QStringLiteral("gpu_hours")).toDouble());
    EXPECT_NEAR(v.value(QStringLiteral("gpu_hours_tuned")).toDouble(),
                8 * (ideal + v.value(QStringLiteral("startup_hours")).toDouble()), 1e-6);
    EXPECT_NEAR(v.value(QStringLiteral("startup_hours")).toDouble(), 1.0 / 6.0, 1e-12);
}

TEST_F(Cli, EstimateOfAMeasuredScenarioUsesItsUnitAndPrecision)
{
    // The example: 3,100 tokens/s on one A100-80GB, 2B tokens.
    const QString scenario = QStringLiteral(GPUPLANNER_SEED_DIR "/../scenarios/measured-throughput.json");
    auto estimate = [&](const QString &gpu, const QStringList &more) {
        const CliRun r = run(QStringList{QStringLiteral("estimate"), QStringLiteral("--scenario"), scenario,
                                         QStringLiteral("--gpu"), gpu, QStringLiteral("--gpus"), QStringLiteral("1"),
                                         QStringLiteral("--format"), QStringLiteral("json")}
                             + more);
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        return QJsonDocument::fromJson(r.out.toUtf8()).object();
    };
    // On the reference GPU the rate is the measured one, in the scenario's unit or the flag's.
    EXPECT_NEAR(estimate(QStringLiteral("A100-80GB"), {}).value(QStringLiteral("tokens_per_second")).toDouble(), 3100, 1e-6);
    const QJsonObject samples = estimate(QStringLiteral("A100-80GB"), {QStringLiteral("--item-unit"), QStringLiteral("samples")});
    EXPECT_NEAR(samples.value(QStringLiteral("samples_per_second")).toDouble(), 3100, 1e-6);
    // On another GPU it scales by the peak ratio at the job's precision: BF16 and FP32 differ.
    const double bf16 = estimate(QStringLiteral("H100"), {}).value(QStringLiteral("tokens_per_second")).toDouble();
    const double fp32 = estimate(QStringLiteral("H100"), {QStringLiteral("--precision"), QStringLiteral("fp32")})
                            .value(QStringLiteral("tokens_per_second"))
                            .toDouble();
    EXPECT_GT(bf16, 3100 * 2.5);
    EXPECT_GT(std::abs(fp32 - bf16) / bf16, 0.03) << bf16 << " " << fp32;
}

// Issue 46 item 3: whether the stack hides the expert all-to-all is an input, a default when unstated.
TEST_F(Cli, EstimateStatesTheExpertAllToAllOverlap)
{
    const QStringList base = {QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("deepseek-v3"),
                              QStringLiteral("--task"), QStringLiteral("pretrain"), QStringLiteral("--tokens"),
                              QStringLiteral("14.8T"), QStringLiteral("--precision"), QStringLiteral("fp8"),
                              QStringLiteral("--gpu"), QStringLiteral("H800"), QStringLiteral("--gpus"),
                              QStringLiteral("2048"), QStringLiteral("--network-gbps"), QStringLiteral("3200"),
                              QStringLiteral("--no-calibration"), QStringLiteral("--format"), QStringLiteral("json")};
    const CliRun unstated = run(base);
    ASSERT_EQ(unstated.code, 0) << unstated.err.toStdString();
    const QJsonObject d = QJsonDocument::fromJson(unstated.out.toUtf8()).object();
    EXPECT_EQ(d.value(QStringLiteral("expert_overlap")).toString(), QStringLiteral("none"));
    EXPECT_FALSE(d.value(QStringLiteral("expert_overlap_stated")).toBool());
    EXPECT_GT(d.value(QStringLiteral("expert_all_to_all_seconds")).toDouble(), 0);

    const CliRun full = run(base + QStringList{QStringLiteral("--expert-overlap"), QStringLiteral("full")});
    ASSERT_EQ(full.code, 0) << full.err.toStdString();
    const QJsonObject f = QJsonDocument::fromJson(full.out.toUtf8()).object();
    EXPECT_EQ(f.value(QStringLiteral("expert_overlap")).toString(), QStringLiteral("full"));
    EXPECT_TRUE(f.value(QStringLiteral("expert_overlap_stated")).toBool());
    EXPECT_LT(f.value(QStringLiteral("gpu_hours_tuned")).toDouble(), d.value(QStringLiteral("gpu_hours_tuned")).toDouble())
        << "hiding the all-to-all shortens the run";
    QString said;
    for (const QJsonValue &v : f.value(QStringLiteral("assumptions")).toArray())
        said += v.toString() + u'\n';
    EXPECT_TRUE(said.contains(QStringLiteral("2412.19437"))) << said.toStdString();

    const CliRun bad = run(base + QStringList{QStringLiteral("--expert-overlap"), QStringLiteral("half")});
    EXPECT_EQ(bad.code, 1);
    EXPECT_TRUE(bad.err.contains(QStringLiteral("--expert-overlap"))) << bad.err.toStdString();
}

// Issue 46 item 4: the layout a team runs (--tp, --pp) and a stack without FlashAttention are taken as
// given and said; a layout that cannot run on these GPUs is refused with the sizes it was given.
TEST_F(Cli, EstimateTakesTheLayoutATeamRuns)
{
    const QStringList base = {QStringLiteral("estimate"), QStringLiteral("--task"), QStringLiteral("pretrain"),
                              QStringLiteral("--params"), QStringLiteral("175B"), QStringLiteral("--layers"),
                              QStringLiteral("96"), QStringLiteral("--hidden"), QStringLiteral("12288"),
                              QStringLiteral("--heads"), QStringLiteral("96"), QStringLiteral("--vocab"),
                              QStringLiteral("51200"), QStringLiteral("--seq-len"), QStringLiteral("2048"),
                              QStringLiteral("--tokens"), QStringLiteral("300B"), QStringLiteral("--batch"),
                              QStringLiteral("1536"), QStringLiteral("--gpu"), QStringLiteral("A100-80GB"),
                              QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("--no-calibration"),
                              QStringLiteral("--format"), QStringLiteral("json")};
    const CliRun set = run(base + QStringList{QStringLiteral("--tp"), QStringLiteral("8"), QStringLiteral("--pp"),
                                              QStringLiteral("16"), QStringLiteral("--no-flash-attention")});
    ASSERT_EQ(set.code, 0) << set.err.toStdString();
    const QJsonObject o = QJsonDocument::fromJson(set.out.toUtf8()).object();
    EXPECT_TRUE(o.value(QStringLiteral("fits")).toBool());
    EXPECT_TRUE(o.value(QStringLiteral("layout")).toString().startsWith(QStringLiteral("TP 8 x PP 16")))
        << o.value(QStringLiteral("layout")).toString().toStdString();
    QString said;
    for (const QJsonValue &v : o.value(QStringLiteral("assumptions")).toArray())
        said += v.toString() + u'\n';
    EXPECT_TRUE(said.contains(QStringLiteral("as you set them"))) << said.toStdString();
    EXPECT_TRUE(said.contains(QStringLiteral("Without FlashAttention"))) << said.toStdString();

    const CliRun wide = run(base + QStringList{QStringLiteral("--tp"), QStringLiteral("16")});
    ASSERT_EQ(wide.code, 0) << wide.err.toStdString();
    const QJsonObject w = QJsonDocument::fromJson(wide.out.toUtf8()).object();
    EXPECT_FALSE(w.value(QStringLiteral("fits")).toBool());
    EXPECT_TRUE(w.value(QStringLiteral("reason")).toString().contains(QStringLiteral("tensor parallel 16")))
        << w.value(QStringLiteral("reason")).toString().toStdString();

    const CliRun zero = run(base + QStringList{QStringLiteral("--pp"), QStringLiteral("0")});
    EXPECT_EQ(zero.code, 1);
    EXPECT_TRUE(zero.err.contains(QStringLiteral("--pp"))) << zero.err.toStdString();
}

TEST_F(Cli, EstimateErrorsNameTheFlagAndValue)
{
    const QList<std::pair<QStringList, const char *>> cases = {
        {{QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("llama-2-7b"), QStringLiteral("--task"),
          QStringLiteral("pretrain"), QStringLiteral("--tokens"), QStringLiteral("2X"), QStringLiteral("--gpu"),
          QStringLiteral("A100")},
         "--tokens: '2X'"},
        {{QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("gpt-9"), QStringLiteral("--task"),
          QStringLiteral("pretrain"), QStringLiteral("--tokens"), QStringLiteral("1T"), QStringLiteral("--gpu"),
          QStringLiteral("A100")},
         "gpt-9"},
        {{QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("llama-2-7b"), QStringLiteral("--task"),
          QStringLiteral("pretrain"), QStringLiteral("--tokens"), QStringLiteral("1T"), QStringLiteral("--gpu"),
          QStringLiteral("Z9000")},
         "Z9000"},
    };
    for (const auto &[args, message] : cases) {
        const CliRun r = run(args);
        EXPECT_EQ(r.code, 1) << args.join(u' ').toStdString();
        EXPECT_TRUE(r.err.contains(QString::fromLatin1(message))) << r.err.toStdString();
    }
}

#ifdef Q_OS_LINUX
TEST(CliLinkage, TheCommandLineLoadsNoQtGuiLibraryAndReportsThroughItsHelper)
{
    // Every command but `report` is a QCoreApplication over core, db and net; the report's GUI
    // needs live in gpu-planner-report beside it (app/cli/ReportHelper.h).
    QProcess ldd;
    ldd.start(QStringLiteral("ldd"), {QStringLiteral(GPUPLANNER_CLI_PATH)});
    ASSERT_TRUE(ldd.waitForFinished(30000));
    const QString libs = QString::fromUtf8(ldd.readAllStandardOutput());
    ASSERT_TRUE(libs.contains(QStringLiteral("libQt6Core"))) << libs.toStdString();
    for (const char *gui : {"libQt6Gui", "libQt6Widgets", "libQt6PrintSupport", "libQt6DBus", "libQt6Charts"})
        EXPECT_FALSE(libs.contains(QLatin1String(gui))) << gui;
    const QString helper = QFileInfo(QStringLiteral(GPUPLANNER_CLI_PATH)).dir().filePath(QStringLiteral("gpu-planner-report"));
    EXPECT_TRUE(QFileInfo(helper).isExecutable()) << helper.toStdString();
}
#endif

TEST_F(Cli, InferenceWithAGpuCountAndNoDemandReportsItsServingCapacity)
{
    // TensorRT-LLM's published maximum load for Llama 3.1 8B FP8 on one H100, 1000 in / 1000 out:
    // 15,220 output tokens/s (tests/data/validation-public-inference.csv).
    const CliRun r = run({QStringLiteral("estimate"), QStringLiteral("--task"), QStringLiteral("inference"),
                          QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--weights"),
                          QStringLiteral("fp8"), QStringLiteral("--kv-cache"), QStringLiteral("fp8"),
                          QStringLiteral("--prompt-tokens"), QStringLiteral("1000"), QStringLiteral("--output-tokens"),
                          QStringLiteral("1000"), QStringLiteral("--gpu"), QStringLiteral("H100"), QStringLiteral("--gpus"),
                          QStringLiteral("1"), QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const double capacity = o.value(QStringLiteral("capacity_output_tokens_per_second")).toDouble();
    EXPECT_NEAR(capacity, 15220, 0.25 * 15220);
    EXPECT_EQ(o.value(QStringLiteral("gpus")).toInt(), 1);
    EXPECT_EQ(o.value(QStringLiteral("serving_limit")).toString(), QStringLiteral("kv_capacity"));
    EXPECT_EQ(o.value(QStringLiteral("engine")).toString(), QStringLiteral("tuned"));
    EXPECT_GT(o.value(QStringLiteral("kv_cache_max_sequences")).toInt(), 0);
    // A latency target lowers it and says so; --tp pins the replica width.
    const CliRun t = run({QStringLiteral("estimate"), QStringLiteral("--task"), QStringLiteral("inference"),
                          QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--gpu"),
                          QStringLiteral("H100"), QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--tp"),
                          QStringLiteral("2"), QStringLiteral("--ttft"), QStringLiteral("2"), QStringLiteral("--tpot"),
                          QStringLiteral("20ms"), QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(t.code, 0) << t.err.toStdString();
    const QJsonObject lt = QJsonDocument::fromJson(t.out.toUtf8()).object();
    EXPECT_EQ(lt.value(QStringLiteral("replicas")).toInt(), 4);
    EXPECT_EQ(lt.value(QStringLiteral("serving_limit")).toString(), QStringLiteral("latency"));
    EXPECT_LE(lt.value(QStringLiteral("tpot_seconds")).toDouble(), 0.02 + 1e-9);
}

TEST_F(Cli, TheServingExamplesPlanShowsCostPerMillionTokens)
{
    const QString scenario = QStringLiteral(GPUPLANNER_SEED_DIR "/../scenarios/llama-70b-serving.json");
    const CliRun r = run({QStringLiteral("plan"), scenario, QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    const QJsonArray options = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("options")).toArray();
    ASSERT_FALSE(options.isEmpty());
    const QJsonObject best = options.first().toObject();
    const double out = best.value(QStringLiteral("cost_per_million_output_tokens")).toDouble();
    const double all = best.value(QStringLiteral("cost_per_million_tokens")).toDouble();
    const double cost = best.value(QStringLiteral("cost")).toDouble();
    // By hand from the scenario: 5 requests/s x 250 output tokens for 12 months of 730 h is
    // 3.942e10 output tokens (and 4 prompt tokens for each, 1.5768e11 in); every option's whole
    // cost over them, per million.
    const double served = 5.0 * 250 * 12 * 730 * 3600;
    EXPECT_DOUBLE_EQ(best.value(QStringLiteral("output_tokens_served")).toDouble(), served);
    EXPECT_NEAR(out, cost / served * 1e6, 1e-9 * out);
    EXPECT_NEAR(all, cost / (served * 5) * 1e6, 1e-9 * all);
    // Two options of about the same cost show about the same figure: it is the cost, per token.
    for (const QJsonValue &v : options) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("cost_per_million_output_tokens")).toDouble() > 0) {
            EXPECT_NEAR(o.value(QStringLiteral("cost_per_million_output_tokens")).toDouble(),
                        o.value(QStringLiteral("cost")).toDouble() / served * 1e6, 1e-6);
        }
    }
}

TEST_F(Cli, TheScaleAndServingFlagsNameTheBadValue)
{
    const QStringList serving = {QStringLiteral("estimate"), QStringLiteral("--task"), QStringLiteral("inference"),
                                 QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--gpu"),
                                 QStringLiteral("H100"), QStringLiteral("--gpus"), QStringLiteral("1")};
    const QStringList training = {QStringLiteral("estimate"), QStringLiteral("--task"), QStringLiteral("pretrain"),
                                  QStringLiteral("--model"), QStringLiteral("llama-2-7b"), QStringLiteral("--tokens"),
                                  QStringLiteral("1T"), QStringLiteral("--gpu"), QStringLiteral("H100"),
                                  QStringLiteral("--gpus"), QStringLiteral("8")};
    const QList<std::pair<QStringList, const char *>> cases = {
        {serving + QStringList{QStringLiteral("--engine"), QStringLiteral("fast")}, "--engine: 'fast' is not one of tuned, general"},
        {serving + QStringList{QStringLiteral("--tp"), QStringLiteral("0")}, "--tp: '0' is outside 1 to 1024"},
        {training + QStringList{QStringLiteral("--failure-rate"), QStringLiteral("-1")}, "--failure-rate: '-1'"},
        {training + QStringList{QStringLiteral("--checkpoint-every"), QStringLiteral("soon")}, "--checkpoint-every: 'soon'"},
        {training + QStringList{QStringLiteral("--eval-share"), QStringLiteral("2")}, "--eval-share: '2'"},
    };
    for (const auto &[args, message] : cases) {
        const CliRun r = run(args);
        EXPECT_EQ(r.code, 1) << args.join(u' ').toStdString();
        EXPECT_TRUE(r.err.contains(QString::fromLatin1(message))) << r.err.toStdString();
        EXPECT_TRUE(r.out.isEmpty()) << "no estimate on bad input";
    }
    // In a scenario file the same value is a scenario error naming the field (exit 2).
    QFile example(QStringLiteral(GPUPLANNER_SEED_DIR "/../scenarios/llama-70b-serving.json"));
    ASSERT_TRUE(example.open(QIODevice::ReadOnly));
    QJsonObject scenario = QJsonDocument::fromJson(example.readAll()).object();
    QJsonObject workload = scenario.value(QStringLiteral("workload")).toObject();
    workload.insert(QStringLiteral("engine"), QStringLiteral("fast"));
    scenario.insert(QStringLiteral("workload"), workload);
    QTemporaryDir dir;
    QFile bad(dir.filePath(QStringLiteral("bad.json")));
    ASSERT_TRUE(bad.open(QIODevice::WriteOnly));
    bad.write(QJsonDocument(scenario).toJson());
    bad.close();
    const CliRun r = run({QStringLiteral("plan"), bad.fileName()});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("workload.engine: \"fast\" is not one of tuned, general"))) << r.err.toStdString();
}

// The fault probe (issue 43): terminal escapes in outside data (a provider's name from a hostile
// record) reached the terminal raw. A catalog whose instance names carry ESC sequences and C1
// controls prints as text.
TEST_F(Cli, TerminalEscapesFromOutsideDataNeverReachTheTerminal)
{
    const QString catalog = m_home.filePath(QStringLiteral("hostile.sqlite"));
    ASSERT_TRUE(QFile::copy(QStringLiteral(GPUPLANNER_DEFAULT_CATALOG), catalog));
    QFile::setPermissions(catalog, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    {
        auto db = gpuplanner::db::Database::open(catalog, gpuplanner::db::OpenMode::ReadWrite);
        ASSERT_TRUE(db.ok()) << db.errorMessage().toStdString();
        ASSERT_TRUE(db.value()
                        ->exec(QStringLiteral("UPDATE instance_types SET name = 'Evil' || char(27) || ']0;owned' || char(7) "
                                              "|| char(27) || '[2J' || char(155) || '31m' || name WHERE provider_id = 'aws'"))
                        .ok());
    }
    const CliRun r = run({QStringLiteral("--catalog"), catalog, QStringLiteral("offers"), QStringLiteral("--provider"),
                          QStringLiteral("aws"), QStringLiteral("--limit"), QStringLiteral("3")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("Evil]0;owned[2J31m"))) << r.out.toStdString();
    for (const QChar c : r.out + r.err) {
        EXPECT_FALSE(c == QChar(27) || c == QChar(7) || (c.unicode() >= 0x80 && c.unicode() <= 0x9F))
            << "control U+" << std::hex << int(c.unicode());
    }
}

// Issue 44: `offers --gpu A100` lists the 40 GB and the 80 GB offers and says which variants it
// took; an exact id still lists only itself.
TEST_F(Cli, AFamilyNameListsEveryVariantAndSaysSo)
{
    const CliRun table = run({QStringLiteral("offers"), QStringLiteral("--gpu"), QStringLiteral("A100")});
    ASSERT_EQ(table.code, 0) << table.err.toStdString();
    EXPECT_TRUE(table.out.startsWith(QStringLiteral("--gpu A100: every A100 variant: A100-PCIe-40GB, A100-PCIe-80GB, "
                                                    "A100-SXM4-40GB, A100-SXM4-80GB")))
        << table.out.left(300).toStdString();
    const QJsonArray all = runJson({QStringLiteral("offers"), QStringLiteral("--gpu"), QStringLiteral("A100"),
                                    QStringLiteral("--format"), QStringLiteral("json")});
    QSet<QString> gpus;
    for (const QJsonValue &v : all)
        gpus.insert(v.toObject().value(QStringLiteral("gpu")).toString());
    EXPECT_TRUE(gpus.contains(QStringLiteral("A100-SXM4-40GB"))) << QStringList(gpus.values()).join(u' ').toStdString();
    EXPECT_TRUE(gpus.contains(QStringLiteral("A100-SXM4-80GB"))) << QStringList(gpus.values()).join(u' ').toStdString();
    const QJsonArray exact = runJson({QStringLiteral("offers"), QStringLiteral("--gpu"), QStringLiteral("A100-SXM4-80GB"),
                                      QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_FALSE(exact.isEmpty());
    for (const QJsonValue &v : exact)
        EXPECT_EQ(v.toObject().value(QStringLiteral("gpu")).toString(), QStringLiteral("A100-SXM4-80GB"));
    const QJsonArray v100 = runJson({QStringLiteral("offers"), QStringLiteral("--gpu"), QStringLiteral("V100"),
                                     QStringLiteral("--format"), QStringLiteral("json")});
    QSet<QString> v100s;
    for (const QJsonValue &v : v100)
        v100s.insert(v.toObject().value(QStringLiteral("gpu")).toString());
    EXPECT_GE(v100s.size(), 2) << QStringList(v100s.values()).join(u' ').toStdString();
}
