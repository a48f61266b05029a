// gpu-planner-cli plan and timeline end to end: the real binary with a private XDG data
// directory (so it builds the user's catalog from the embedded seed) on the shipped examples.

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>

#include "CliProcess.h"

namespace {

using gpuplanner::tests::CliRun;

class PlanCli : public ::testing::Test
{
protected:
    CliRun run(const QStringList &args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        return gpuplanner::tests::runCli(args, env);
    }

    // Examples are copied out of the source tree so the binary reads a plain file.
    QString example(const QString &name)
    {
        const QString path = m_home.filePath(name + QStringLiteral(".json"));
        QFile::remove(path);
        EXPECT_TRUE(QFile::copy(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/scenarios/") + name
                                    + QStringLiteral(".json"),
                                path));
        return path;
    }

    QString write(const QByteArray &json)
    {
        const QString path = m_home.filePath(QStringLiteral("custom.json"));
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(json);
        return path;
    }

    QTemporaryDir m_home;
};

} // namespace

TEST_F(PlanCli, PlanJsonListsTheDocumentedFields)
{
    const CliRun r = run({QStringLiteral("plan"), example(QStringLiteral("llama-7b-pretrain")), QStringLiteral("--top"),
                          QStringLiteral("5"), QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonArray options = doc.value(QStringLiteral("options")).toArray();
    ASSERT_EQ(options.size(), 5);
    for (const QJsonValue &v : options) {
        const QJsonObject o = v.toObject();
        for (const char *key : {"provider", "provider_name", "instance_type", "region", "billing", "instances", "gpus", "hours", "cost",
                                "cost_p50", "cost_p90", "time_p50_hours", "time_p90_hours", "p_meet_deadline",
                                "p_meet_budget", "currency", "fits", "bottleneck", "reasons"})
            EXPECT_TRUE(o.contains(QLatin1String(key))) << key;
        EXPECT_TRUE(o.value(QStringLiteral("fits")).toBool());
        EXPECT_LE(o.value(QStringLiteral("time_p50_hours")).toDouble(), 30 * 24.0 + 1e-6);
        EXPECT_FALSE(o.value(QStringLiteral("reasons")).toArray().isEmpty());
    }
    for (qsizetype i = 1; i < options.size(); ++i)
        EXPECT_LE(options.at(i - 1).toObject().value(QStringLiteral("cost")).toDouble(),
                  options.at(i).toObject().value(QStringLiteral("cost")).toDouble());
    const QJsonObject rec = doc.value(QStringLiteral("recommendation")).toObject();
    EXPECT_TRUE(rec.value(QStringLiteral("text")).toString().contains(QStringLiteral("deadline")));
    EXPECT_EQ(rec.value(QStringLiteral("rank")).toInt(), 1);
}

TEST_F(PlanCli, SortTableAndCsv)
{
    const QString path = example(QStringLiteral("spot-distributed-training"));
    const CliRun time = run({QStringLiteral("plan"), path, QStringLiteral("--sort"), QStringLiteral("time"),
                             QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(time.code, 0) << time.err.toStdString();
    const QJsonArray options = QJsonDocument::fromJson(time.out.toUtf8()).object().value(QStringLiteral("options")).toArray();
    ASSERT_GT(options.size(), 1);
    EXPECT_LE(options.at(0).toObject().value(QStringLiteral("time_p50_hours")).toDouble(),
              options.at(1).toObject().value(QStringLiteral("time_p50_hours")).toDouble());
    const CliRun csv = run({QStringLiteral("plan"), path, QStringLiteral("--format"), QStringLiteral("csv"),
                            QStringLiteral("--top"), QStringLiteral("3")});
    ASSERT_EQ(csv.code, 0) << csv.err.toStdString();
    EXPECT_EQ(csv.out.trimmed().split(u'\n').size(), 4);
    EXPECT_TRUE(csv.out.startsWith(QStringLiteral("rank,provider,instance_type")));
    const CliRun table = run({QStringLiteral("plan"), path});
    ASSERT_EQ(table.code, 0);
    EXPECT_TRUE(table.out.contains(QStringLiteral("Recommendation:")));
}

TEST_F(PlanCli, NoExampleRecommendationRestsOnASuspectPriceOrAPlaceholderTerm)
{
    for (const char *name : {"bert-base-finetune", "llama-70b-serving", "llama-7b-pretrain", "measured-throughput",
                             "mobilenet-t4", "spot-distributed-training"}) {
        const CliRun r = run({QStringLiteral("plan"), example(QString::fromLatin1(name)), QStringLiteral("--format"),
                              QStringLiteral("json"), QStringLiteral("--top"), QStringLiteral("100000")});
        ASSERT_EQ(r.code, 0) << name << ": " << r.err.toStdString();
        const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const int rank = doc.value(QStringLiteral("recommendation")).toObject().value(QStringLiteral("rank")).toInt();
        ASSERT_GE(rank, 1) << name;
        const QJsonArray options = doc.value(QStringLiteral("options")).toArray();
        const QJsonObject best = options.at(rank - 1).toObject();
        EXPECT_FALSE(best.value(QStringLiteral("suspect")).toBool()) << name;
        for (const QJsonValue &v : options) {
            const QJsonObject o = v.toObject();
            EXPECT_FALSE(o.value(QStringLiteral("suspect")).toBool()) << name << ": usable options hold no suspect price";
            if (o.contains(QStringLiteral("commitment_source"))) {
                EXPECT_FALSE(o.value(QStringLiteral("commitment_source")).toString().contains(u"placeholder")) << name;
                // Only providers that sell commitments have them.
                const QString provider = o.value(QStringLiteral("provider")).toString();
                EXPECT_TRUE(provider == u"aws" || provider == u"azure" || provider == u"gcp") << name << " " << provider.toStdString();
            }
        }
    }
}

// Issue 47: a TPU option counts TPU chips, not GPUs; a GPU option still counts GPUs.
TEST_F(PlanCli, TpuOptionsCountChipsNotGpus)
{
    const CliRun r = run({QStringLiteral("plan"), example(QStringLiteral("llama-7b-pretrain")), QStringLiteral("--format"),
                          QStringLiteral("json"), QStringLiteral("--top"), QStringLiteral("400")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    int tpus = 0;
    int gpus = 0;
    for (const QJsonValue &v : QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("options")).toArray()) {
        const QJsonObject o = v.toObject();
        if (!o.value(QStringLiteral("fits")).toBool())
            continue;
        const QString reasons = o.value(QStringLiteral("reasons")).toVariant().toStringList().join(u'\n');
        if (!reasons.contains(QStringLiteral("without interruptions")))
            continue; // an option left out says why instead
        const bool tpu = o.value(QStringLiteral("gpu")).toString().startsWith(QStringLiteral("TPU"));
        const QString count = QStringLiteral("(%1 %2)").arg(o.value(QStringLiteral("gpus")).toInt()).arg(tpu ? QStringLiteral("TPU chips") : QStringLiteral("GPUs"));
        EXPECT_TRUE(reasons.contains(count)) << qPrintable(count) << "\n" << qPrintable(reasons);
        (tpu ? tpus : gpus) += 1;
    }
    EXPECT_GT(tpus, 0) << "the example's options include TPU slices";
    EXPECT_GT(gpus, 0);
}

// Issue 47, class 16: an 18-minute fine-tune reads in minutes, and with a 30-minute checkpoint interval
// its spot option says that it restarts from the beginning when interrupted (not "checkpoints every 0.5 h").
TEST_F(PlanCli, ATinyJobReadsInMinutesAndEndsBeforeItsFirstCheckpoint)
{
    QFile file(example(QStringLiteral("bert-base-finetune")));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    QJsonObject scenario = QJsonDocument::fromJson(file.readAll()).object();
    QJsonObject assumptions = scenario.value(QStringLiteral("assumptions")).toObject();
    assumptions.insert(QStringLiteral("checkpoint_interval"), QStringLiteral("30min"));
    scenario.insert(QStringLiteral("assumptions"), assumptions);
    const CliRun r = run({QStringLiteral("plan"), write(QJsonDocument(scenario).toJson()),
                          QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--top"), QStringLiteral("1")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    const QJsonObject best = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("options"))
                                 .toArray().at(0).toObject();
    ASSERT_EQ(best.value(QStringLiteral("billing")).toString(), QStringLiteral("spot"));
    const double hours = best.value(QStringLiteral("hours")).toDouble();
    ASSERT_LT(hours, 0.5) << "the example is a short fine-tune";
    const QString reasons = best.value(QStringLiteral("reasons")).toVariant().toStringList().join(u'\n');
    const QString minutes = QStringLiteral("%1 min").arg(std::round(hours * 60.0));
    EXPECT_TRUE(reasons.contains(QStringLiteral("finish in %1 without interruptions").arg(minutes))) << qPrintable(reasons);
    EXPECT_TRUE(reasons.contains(QStringLiteral("this %1 run ends before its first checkpoint (every 30 min), so an "
                                                "interruption restarts it from the beginning").arg(minutes)))
        << qPrintable(reasons);
    EXPECT_FALSE(reasons.contains(QStringLiteral("checkpoints every"))) << qPrintable(reasons);
    EXPECT_FALSE(reasons.contains(QStringLiteral(" 0.3 h"))) << qPrintable(reasons);
}

// Issue 47, class 17: Cudo's "a100-pcie" instances are 80 GB PCIe cards (the SkyPilot file lists
// 81,920 MiB per GPU), not 40 GB SXM parts on NVLink.
TEST_F(PlanCli, CudoPcieA100sAreFiledAsPcieCards)
{
    const QString path = write(R"({"version": 1, "workload": {"task": "finetune", "model": "bert-base", "tokens": "100M"},
                                    "constraints": {"providers": ["cudo"], "max_gpus": 8}})");
    const CliRun r = run({QStringLiteral("plan"), path, QStringLiteral("--format"), QStringLiteral("json"),
                          QStringLiteral("--top"), QStringLiteral("0")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    int a100s = 0;
    for (const QJsonValue &v : QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("options")).toArray()) {
        const QJsonObject o = v.toObject();
        const QString type = o.value(QStringLiteral("instance_type")).toString();
        if (!type.contains(QStringLiteral("-a100-pci")) && !type.contains(QStringLiteral("-a800-pci")))
            continue;
        ++a100s;
        const QString gpu = o.value(QStringLiteral("gpu")).toString();
        EXPECT_TRUE(gpu == u"A100-PCIe-80GB" || gpu == u"A800-PCIe-80GB") << qPrintable(type) << " " << qPrintable(gpu);
    }
    EXPECT_GT(a100s, 0);
}

TEST_F(PlanCli, TimelineComparesEachRealCommitmentTermSideBySide)
{
    const CliRun json = run({QStringLiteral("timeline"), example(QStringLiteral("llama-70b-serving")),
                             QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(json.code, 0) << json.err.toStdString();
    const QJsonObject doc = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QStringList ids;
    for (const QJsonValue &s : doc.value(QStringLiteral("strategies")).toArray())
        ids << s.toObject().value(QStringLiteral("id")).toString();
    EXPECT_TRUE(ids.contains(QStringLiteral("reserved_12"))) << ids.join(u' ').toStdString();
    EXPECT_TRUE(ids.contains(QStringLiteral("reserved_36"))) << ids.join(u' ').toStdString();
    const CliRun table = run({QStringLiteral("timeline"), example(QStringLiteral("llama-70b-serving"))});
    ASSERT_EQ(table.code, 0);
    EXPECT_TRUE(table.out.contains(QStringLiteral("Price:"))) << "each term says where its price came from";
    EXPECT_FALSE(table.out.contains(QStringLiteral("placeholder")));
}

TEST_F(PlanCli, TimelineFormats)
{
    const QString path = example(QStringLiteral("llama-7b-pretrain"));
    const CliRun json = run({QStringLiteral("timeline"), path, QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(json.code, 0) << json.err.toStdString();
    const QJsonObject doc = QJsonDocument::fromJson(json.out.toUtf8()).object();
    const QJsonArray months = doc.value(QStringLiteral("months")).toArray();
    EXPECT_EQ(months.first().toString(), QStringLiteral("2026-09"));
    QStringList ids;
    for (const QJsonValue &s : doc.value(QStringLiteral("strategies")).toArray()) {
        const QJsonObject o = s.toObject();
        ids << o.value(QStringLiteral("id")).toString();
        EXPECT_EQ(o.value(QStringLiteral("monthly")).toArray().size(), months.size());
        EXPECT_NEAR(o.value(QStringLiteral("cumulative")).toArray().last().toDouble(),
                    o.value(QStringLiteral("total")).toDouble(), 0.05);
    }
    EXPECT_EQ(ids.first(), QStringLiteral("on_demand"));
    EXPECT_TRUE(ids.contains(QStringLiteral("own")));
    EXPECT_TRUE(ids.contains(QStringLiteral("spot")));
    EXPECT_TRUE(doc.value(QStringLiteral("ownership")).toObject().contains(QStringLiteral("break_even_utilization")));
    const CliRun csv = run({QStringLiteral("timeline"), path, QStringLiteral("--format"), QStringLiteral("csv")});
    ASSERT_EQ(csv.code, 0);
    EXPECT_TRUE(csv.out.startsWith(QStringLiteral("month,load_gpu_hours,on_demand_monthly")));
    const CliRun table = run({QStringLiteral("timeline"), path});
    ASSERT_EQ(table.code, 0);
    EXPECT_TRUE(table.out.contains(QStringLiteral("All on-demand")));
}

TEST_F(PlanCli, UsageAndDataErrors)
{
    const QString path = example(QStringLiteral("bert-base-finetune"));
    CliRun r = run({QStringLiteral("plan")});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("SCENARIO.json")));
    r = run({QStringLiteral("plan"), path, QStringLiteral("--sort"), QStringLiteral("price")});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("--sort: 'price'"))) << r.err.toStdString();
    r = run({QStringLiteral("plan"), path, QStringLiteral("--top"), QStringLiteral("-2")});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("--top: '-2'"))) << r.err.toStdString();
    r = run({QStringLiteral("timeline"), path, QStringLiteral("--format"), QStringLiteral("xml")});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("--format: 'xml'")));
    r = run({QStringLiteral("plan"), m_home.filePath(QStringLiteral("missing.json"))});
    EXPECT_EQ(r.code, 2);
    r = run({QStringLiteral("plan"), write(R"({"version": 3, "workload": {}})")});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("version: 3 is not supported"))) << r.err.toStdString();
    r = run({QStringLiteral("plan"),
             write(R"({"version": 1, "workload": {"task": "pretrain", "model": "llama-2-7b", "tokens": "1T"},
                       "constraints": {"deadline": "soon"}})")});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("constraints.deadline: \"soon\""))) << r.err.toStdString();
    r = run({QStringLiteral("plan"), write(R"({"version": 1, "display_currency": "XTS",
                       "workload": {"task": "pretrain", "model": "llama-2-7b", "tokens": "1T"}})")});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("\"XTS\" has no FX rate"))) << r.err.toStdString();
    const CliRun help = run({QStringLiteral("--help")});
    EXPECT_TRUE(help.out.contains(QStringLiteral("timeline FILE")));
}

TEST_F(PlanCli, DisplayCurrencyFromScenarioRates)
{
    // A user-supplied EUR rate (a test figure, not a market rate) turns every amount into euros.
    const CliRun r = run({QStringLiteral("plan"),
                          write(R"({"version": 1, "display_currency": "EUR",
                                    "workload": {"task": "finetune", "model": "bert-base", "seq_len": 128, "tokens": "51M"},
                                    "constraints": {"providers": ["alicloud", "tencentcloud"], "billing": ["on_demand"]},
                                    "assumptions": {"fx": [{"currency": "EUR", "per_usd": 0.5, "date": "2026-01-01",
                                                            "source": "test"}]}})"),
                          QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--top"), QStringLiteral("1")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    const QJsonObject top = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("options")).toArray().first().toObject();
    EXPECT_EQ(top.value(QStringLiteral("currency")).toString(), QStringLiteral("EUR"));
    EXPECT_EQ(top.value(QStringLiteral("native_currency")).toString(), QStringLiteral("CNY"));
}

TEST_F(PlanCli, MeasuredThroughputScenarioPlansAndReports)
{
    const QString path = example(QStringLiteral("measured-throughput"));
    const CliRun r = run({QStringLiteral("plan"), path, QStringLiteral("--top"), QStringLiteral("5"),
                          QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    const QJsonArray options =
        QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("options")).toArray();
    ASSERT_EQ(options.size(), 5);
    for (const QJsonValue &v : options) {
        const QJsonObject o = v.toObject();
        EXPECT_TRUE(o.value(QStringLiteral("fits")).toBool());
        EXPECT_GT(o.value(QStringLiteral("hours")).toDouble(), 0);
        EXPECT_LE(o.value(QStringLiteral("time_p50_hours")).toDouble(), 7 * 24.0 + 1e-6);
    }
    const QString pdf = m_home.filePath(QStringLiteral("measured.pdf"));
    const CliRun report = run({QStringLiteral("report"), path, QStringLiteral("-o"), pdf});
    ASSERT_EQ(report.code, 0) << report.err.toStdString();
    EXPECT_GT(QFileInfo(pdf).size(), 0);
}

TEST_F(PlanCli, MeasuredThroughputWithAnUnknownGpuNamesTheField)
{
    const CliRun r = run({QStringLiteral("plan"),
                          write(R"({"version": 1, "workload": {"task": "measured", "measured_throughput": 3100,
                                    "measured_gpu": "XYZ", "items": "2B"}})")});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("workload.measured_gpu: \"XYZ\" is not a GPU in the catalog")))
        << r.err.toStdString();
}

TEST_F(PlanCli, ConstraintsNamingUnknownValuesAreScenarioErrorsWithSuggestions)
{
    struct Case
    {
        const char *constraints;
        const char *expected;
    };
    const Case cases[] = {
        {R"("providers": ["aws", "awz"])", "constraints.providers[1]: \"awz\" is not a provider in the catalog (closest: aws"},
        {R"("regions": ["us-east-9*"])", "constraints.regions[0]: \"us-east-9*\" matches no region in the catalog"},
        {R"("geographies": ["Europa"])", "constraints.geographies[0]: \"Europa\" is not a geography in the catalog (closest: Europe"},
        {R"("gpus": ["A1OO"])", "constraints.gpus[0]: \"A1OO\" is not a GPU model id in the catalog (closest: A100-"},
        // O typed for 0: the A100s first, not the A10, A10G and A16 the letters happen to be near.
        {R"("gpus": ["A10O"])", "constraints.gpus[0]: \"A10O\" is not a GPU model id in the catalog (closest: A100-"},
    };
    for (const Case &c : cases) {
        const QByteArray json = QByteArray(R"({"version": 1, "workload": {"task": "pretrain", "model": "llama-2-7b",
                                              "tokens": "20B"}, "constraints": {)")
                                + c.constraints + "}}";
        const CliRun r = run({QStringLiteral("plan"), write(json)});
        EXPECT_EQ(r.code, 2) << c.constraints;
        EXPECT_TRUE(r.err.contains(QString::fromUtf8(c.expected))) << r.err.toStdString();
    }
    // Known values still plan, and GPU names read as `offers --gpu` reads them: "A100" is every A100
    // (the family: 40 and 80 GB, PCIe and SXM4), the alias "H100-80GB" the catalog's H100-SXM5-80GB.
    const CliRun ok = run({QStringLiteral("plan"),
                           write(R"({"version": 1, "workload": {"task": "pretrain", "model": "llama-2-7b", "tokens": "20B"},
                                    "constraints": {"providers": ["aws"], "regions": ["us-*"], "geographies": ["north america"]}})")});
    EXPECT_EQ(ok.code, 0) << ok.err.toStdString();
    const CliRun aliases = run({QStringLiteral("plan"), QStringLiteral("--format"), QStringLiteral("json"),
                                write(R"({"version": 1, "workload": {"task": "pretrain", "model": "llama-2-7b", "tokens": "20B"},
                                         "constraints": {"gpus": ["A100", "H100-80GB"]}})")});
    ASSERT_EQ(aliases.code, 0) << aliases.err.toStdString();
    const QJsonArray options = QJsonDocument::fromJson(aliases.out.toUtf8()).object().value(u"options").toArray();
    ASSERT_FALSE(options.isEmpty());
    for (const QJsonValue &o : options) {
        const QString gpu = o.toObject().value(u"gpu").toString();
        EXPECT_TRUE(gpu.startsWith(u"A100-") || gpu == u"H100-SXM5-80GB") << gpu.toStdString();
    }
}

TEST_F(PlanCli, CommitmentTermsMustNameWhatTheCatalogHolds)
{
    struct Case
    {
        const char *term;
        const char *expected;
    };
    const Case cases[] = {
        {R"({"provider": "awz", "term_months": 12, "discount": 0.3, "source": "q"})",
         "assumptions.commitments[0].provider: \"awz\" is not a provider in the catalog (closest: aws"},
        {R"({"provider": "lambda", "instance_type": "p5*", "term_months": 12, "discount": 0.3, "source": "q"})",
         "assumptions.commitments[0].instance_type: \"p5*\" matches no on-demand offer of lambda"},
        {R"({"provider": "aws", "term_months": 12, "upfront": "partial", "discount": 0.3, "source": "q"})", nullptr},
        {R"({"provider": "azure", "term_months": 12, "upfront": "all", "discount": 0.3, "source": "q"})",
         "assumptions.commitments[0].upfront: \"all\" is not an upfront option azure sells (it sells: none)"},
        {R"({"provider": "lambda", "term_months": 12, "upfront": "all", "price_per_hour": 20, "currency": "USD",
             "upfront_fee": 1000, "source": "q"})", nullptr},
        {R"({"provider": "aws", "term_months": 12, "discount": 0.3})", "assumptions.commitments[0].source: missing"},
        {R"({"term_months": 12, "discount": 0.3, "source": "q"})", "assumptions.commitments[0].provider: missing"},
    };
    for (const Case &c : cases) {
        const QByteArray json = QByteArray(R"({"version": 1, "workload": {"task": "pretrain", "model": "llama-2-7b",
                                              "tokens": "20B"}, "assumptions": {"commitments": [)")
                                + c.term + "]}}";
        const CliRun r = run({QStringLiteral("plan"), write(json)});
        if (!c.expected) {
            EXPECT_EQ(r.code, 0) << c.term << ": " << r.err.toStdString();
            continue;
        }
        EXPECT_EQ(r.code, 2) << c.term;
        EXPECT_TRUE(r.err.contains(QString::fromUtf8(c.expected))) << r.err.toStdString();
    }
}

TEST_F(PlanCli, HostileFilesAndNumbersAreErrorsNotHangsOrCrashes)
{
    const CliRun zero = run({QStringLiteral("plan"), QStringLiteral("/dev/zero")});
    EXPECT_EQ(zero.code, 2);
    EXPECT_TRUE(zero.err.contains(QStringLiteral("/dev/zero: larger than the 16 MiB limit"))) << zero.err.toStdString();
    const CliRun folder = run({QStringLiteral("plan"), m_home.path()});
    EXPECT_EQ(folder.code, 2);
    EXPECT_TRUE(folder.err.contains(QStringLiteral("a folder, not a file"))) << folder.err.toStdString();
    const CliRun tokens = run({QStringLiteral("plan"), write(R"({"version": 1, "workload": {"task": "pretrain",
                                                                 "model": "llama-2-7b", "tokens": 1e299}})")});
    EXPECT_EQ(tokens.code, 2);
    EXPECT_TRUE(tokens.err.contains(QStringLiteral("workload.tokens: 1e+299 is outside 0 to 1e+16"))) << tokens.err.toStdString();
    // The CLI's flags keep the same ranges.
    const struct
    {
        QStringList args;
        const char *expected;
    } flags[] = {
        {{QStringLiteral("--tokens"), QStringLiteral("1e299")}, "--tokens: '1e299' is outside 0 to 1e+16"},
        {{QStringLiteral("--tokens"), QStringLiteral("1T"), QStringLiteral("--epochs"), QStringLiteral("0")},
         "--epochs: '0' is outside 0.001 to 1000000"},
        {{QStringLiteral("--task"), QStringLiteral("inference"), QStringLiteral("--rps"), QStringLiteral("1"),
          QStringLiteral("--ttft"), QStringLiteral("nan")},
         "--ttft: 'nan' is outside 0.001 to 3600"},
    };
    for (const auto &f : flags) {
        QStringList args{QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("llama-2-7b"),
                         QStringLiteral("--gpu"), QStringLiteral("H100")};
        args.append(f.args);
        const CliRun r = run(args);
        EXPECT_NE(r.code, 0) << f.expected;
        EXPECT_TRUE(r.err.contains(QString::fromUtf8(f.expected))) << r.err.toStdString();
    }
}

TEST_F(PlanCli, TheTimelinesMainRunCostsWhatThePlansOptionCosts)
{
    // One computation of an option's cost: with only its main-run phase, every example's
    // timeline prices all on-demand at exactly the plan's cost of the on-demand option it names
    // (compute, storage and egress), and spot, where that phase allows it, at the spot option's.
    for (const char *name : {"bert-base-finetune", "llama-7b-pretrain", "measured-throughput", "mobilenet-t4",
                             "spot-distributed-training"}) {
        SCOPED_TRACE(name);
        QFile f(example(QLatin1String(name)));
        ASSERT_TRUE(f.open(QIODevice::ReadOnly));
        QJsonObject scenario = QJsonDocument::fromJson(f.readAll()).object();
        QJsonArray mainOnly;
        for (const QJsonValue &p : scenario.value(u"phases").toArray()) {
            QJsonObject phase = p.toObject();
            phase.insert(QStringLiteral("spot_allowed"), true);
            if (phase.value(u"main_run").toBool())
                mainOnly.append(phase);
        }
        ASSERT_EQ(mainOnly.size(), 1);
        scenario.insert(QStringLiteral("phases"), mainOnly);
        const QString path = write(QJsonDocument(scenario).toJson());

        const CliRun plan = run({QStringLiteral("plan"), path, QStringLiteral("--format"), QStringLiteral("json"),
                                 QStringLiteral("--top"), QStringLiteral("0")});
        ASSERT_EQ(plan.code, 0) << plan.err.toStdString();
        const CliRun timeline = run({QStringLiteral("timeline"), path, QStringLiteral("--format"), QStringLiteral("json")});
        ASSERT_EQ(timeline.code, 0) << timeline.err.toStdString();
        const QJsonObject p = QJsonDocument::fromJson(plan.out.toUtf8()).object();
        const QJsonObject t = QJsonDocument::fromJson(timeline.out.toUtf8()).object();
        QHash<QString, QJsonObject> strategies;
        for (const QJsonValue &s : t.value(u"strategies").toArray())
            strategies.insert(s.toObject().value(u"id").toString(), s.toObject());
        // The note names the option: "cheapest on-demand plan: <provider> <instance type> in <region>"
        // (or "<provider> <instance type> spot, N% ...").
        const auto costsTheSame = [&](const QJsonObject &strategy, const QString &billing, const QString &word) {
            for (const QJsonValue &v : p.value(u"options").toArray()) {
                const QJsonObject o = v.toObject();
                const QString label = billing == u"on_demand"
                    ? QStringLiteral("cheapest on-demand plan: %1 %2 in %3")
                          .arg(o.value(u"provider_name").toString(), o.value(u"instance_type").toString(),
                               o.value(u"region").toString())
                    : QStringLiteral("%1 %2 %3")
                          .arg(o.value(u"provider_name").toString(), o.value(u"instance_type").toString(), word);
                if (o.value(u"billing").toString() == billing && strategy.value(u"note").toString().startsWith(label)
                    && std::abs(strategy.value(u"total").toDouble() - o.value(u"cost").toDouble()) < 0.01)
                    return true;
            }
            return false;
        };
        const QJsonObject od = strategies.value(QStringLiteral("on_demand"));
        const bool matched = costsTheSame(od, QStringLiteral("on_demand"), QStringLiteral("on-demand"));
        if (strategies.contains(QStringLiteral("spot"))) {
            const QJsonObject spot = strategies.value(QStringLiteral("spot"));
            EXPECT_TRUE(costsTheSame(spot, QStringLiteral("spot"), QStringLiteral("spot")))
                << "no spot option costs the timeline's " << spot.value(u"total").toDouble() << " ("
                << spot.value(u"note").toString().toStdString() << ")";
        }
        EXPECT_TRUE(matched) << "no on-demand option costs the timeline's " << od.value(u"total").toDouble() << " ("
                             << od.value(u"note").toString().toStdString() << ")";
    }
}

TEST_F(PlanCli, RecordWritesWhatThePlanWasPricedOnAndSinceSaysWhatMoved)
{
    // --record keeps the scenario as written and adds its record.
    const QString path = example(QStringLiteral("bert-base-finetune"));
    const QByteArray before = [&] {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    const CliRun recorded = run({QStringLiteral("plan"), path, QStringLiteral("--record"), QStringLiteral("--top"), QStringLiteral("3")});
    ASSERT_EQ(recorded.code, 0) << recorded.err.toStdString();
    EXPECT_TRUE(recorded.err.contains(QStringLiteral("Recorded in"))) << recorded.err.toStdString();
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    file.close();
    const QJsonObject original = QJsonDocument::fromJson(before).object();
    for (const QString &key : original.keys())
        EXPECT_EQ(root.value(key), original.value(key)) << key.toStdString();
    const QJsonObject record = root.value(QStringLiteral("priced_on")).toObject();
    EXPECT_EQ(record.value(QStringLiteral("catalog_hash")).toString().size(), 64);
    EXPECT_FALSE(record.value(QStringLiteral("provider_dates")).toObject().isEmpty());
    const double cost = record.value(QStringLiteral("main_run_cost")).toDouble();
    EXPECT_GT(cost, 0);

    // Planned again on the same catalog: nothing moved.
    const CliRun same = run({QStringLiteral("plan"), QStringLiteral("--since"), path, QStringLiteral("--top"), QStringLiteral("1")});
    ASSERT_EQ(same.code, 0) << same.err.toStdString();
    EXPECT_TRUE(same.out.startsWith(QStringLiteral("Since this plan was made on"))) << same.out.toStdString();
    EXPECT_TRUE(same.out.section(u'\n', 0, 0).endsWith(QStringLiteral("nothing changed."))) << same.out.toStdString();

    // A record made on other prices: the lines say what it was then and what it is now.
    QJsonObject older = record;
    QJsonObject recommended = older.value(QStringLiteral("recommended")).toObject();
    const double price = recommended.value(QStringLiteral("price_per_hour")).toDouble();
    recommended.insert(QStringLiteral("price_per_hour"), price * 0.5);
    recommended.insert(QStringLiteral("date"), QStringLiteral("2025-01"));
    older.insert(QStringLiteral("recommended"), recommended);
    QJsonArray options = older.value(QStringLiteral("options")).toArray();
    for (qsizetype i = 0; i < options.size(); ++i) {
        if (options.at(i).toObject().value(QStringLiteral("key")) == recommended.value(QStringLiteral("key")))
            options.replace(i, recommended);
    }
    older.insert(QStringLiteral("options"), options);
    older.insert(QStringLiteral("main_run_cost"), cost * 0.5);
    QJsonObject dates = older.value(QStringLiteral("provider_dates")).toObject();
    dates.insert(QStringLiteral("retired-cloud"), QStringLiteral("2025-01"));
    older.insert(QStringLiteral("provider_dates"), dates);
    root.insert(QStringLiteral("priced_on"), older);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QJsonDocument(root).toJson());
    file.close();
    const CliRun moved = run({QStringLiteral("plan"), QStringLiteral("--since"), path, QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(moved.code, 0) << moved.err.toStdString();
    const QJsonObject since = QJsonDocument::fromJson(moved.out.toUtf8()).object().value(QStringLiteral("since")).toObject();
    EXPECT_NEAR(since.value(QStringLiteral("main_run_cost_then")).toDouble(), cost * 0.5, 0.01);
    EXPECT_NEAR(since.value(QStringLiteral("main_run_cost_now")).toDouble(), cost, 0.01);
    QStringList lines;
    for (const QJsonValue &c : since.value(QStringLiteral("changes")).toArray())
        lines << c.toObject().value(QStringLiteral("text")).toString();
    const QString all = lines.join(u'\n');
    EXPECT_TRUE(all.contains(QStringLiteral("Main run: "))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("/h then (")) && all.contains(QStringLiteral("2025-01), "))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("retired-cloud: no prices in the catalog now (they were of 2025-01)."))) << all.toStdString();

    // A file without a record, and a damaged record, are errors naming the file and the field.
    const QString plain = example(QStringLiteral("mobilenet-t4"));
    const CliRun none = run({QStringLiteral("plan"), QStringLiteral("--since"), plain});
    EXPECT_EQ(none.code, 2);
    EXPECT_TRUE(none.err.contains(QStringLiteral("has no recorded plan"))) << none.err.toStdString();
    older.remove(QStringLiteral("catalog_hash"));
    root.insert(QStringLiteral("priced_on"), older);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QJsonDocument(root).toJson());
    file.close();
    const CliRun damaged = run({QStringLiteral("plan"), QStringLiteral("--since"), path});
    EXPECT_EQ(damaged.code, 2);
    EXPECT_TRUE(damaged.err.contains(QStringLiteral("priced_on.catalog_hash"))) << damaged.err.toStdString();
}

TEST_F(PlanCli, WatchSaysWhichSavedPlanMovedAndExitsThreeWhenOneDid)
{
    const QString path = example(QStringLiteral("mobilenet-t4"));
    ASSERT_EQ(run({QStringLiteral("plan"), path, QStringLiteral("--record"), QStringLiteral("--top"), QStringLiteral("1")}).code, 0);
    const CliRun steady = run({QStringLiteral("watch"), path});
    EXPECT_EQ(steady.code, 0) << steady.err.toStdString();
    EXPECT_TRUE(steady.out.contains(QStringLiteral("no change of 5% or more"))) << steady.out.toStdString();

    // Saved when the plan cost half as much: 100 % dearer now.
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    file.close();
    QJsonObject record = root.value(QStringLiteral("priced_on")).toObject();
    const double cost = record.value(QStringLiteral("main_run_cost")).toDouble();
    record.insert(QStringLiteral("main_run_cost"), cost / 2);
    root.insert(QStringLiteral("priced_on"), record);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QJsonDocument(root).toJson());
    file.close();
    const CliRun dearer = run({QStringLiteral("watch"), path, QStringLiteral("--threshold"), QStringLiteral("10%")});
    EXPECT_EQ(dearer.code, 3) << dearer.err.toStdString();
    EXPECT_TRUE(dearer.out.contains(QStringLiteral("100.0% dearer"))) << dearer.out.toStdString();
    // A threshold of 99 % is still below the 100 % change: an alert.
    EXPECT_EQ(run({QStringLiteral("watch"), path, QStringLiteral("--threshold"), QStringLiteral("0.99")}).code, 3)
        << "99 % is below a 100 % change";

    const CliRun usage = run({QStringLiteral("watch"), path, QStringLiteral("--threshold"), QStringLiteral("lots")});
    EXPECT_EQ(usage.code, 1);
    EXPECT_TRUE(usage.err.contains(QStringLiteral("--threshold"))) << usage.err.toStdString();
    const CliRun none = run({QStringLiteral("watch"), example(QStringLiteral("bert-base-finetune"))});
    EXPECT_EQ(none.code, 2);
    EXPECT_TRUE(none.err.contains(QStringLiteral("has no recorded plan"))) << none.err.toStdString();
}

// Issue 43: a damaged file among the watched ones is named with its reason and skipped; the
// files after it are still watched and their alerts printed. Exit 2 says a file was not read.
TEST_F(PlanCli, WatchGoesOnPastADamagedFileAndNamesIt)
{
    const QString first = example(QStringLiteral("mobilenet-t4"));
    ASSERT_EQ(run({QStringLiteral("plan"), first, QStringLiteral("--record"), QStringLiteral("--top"), QStringLiteral("1")}).code, 0);
    // Saved when the plan cost half as much: an alert for each good file.
    QFile file(first);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray recorded = file.readAll();
    file.close();
    QJsonObject root = QJsonDocument::fromJson(recorded).object();
    QJsonObject record = root.value(QStringLiteral("priced_on")).toObject();
    record.insert(QStringLiteral("main_run_cost"), record.value(QStringLiteral("main_run_cost")).toDouble() / 2);
    root.insert(QStringLiteral("priced_on"), record);
    const QByteArray dearer = QJsonDocument(root).toJson();
    auto save = [&](const QString &name, const QByteArray &bytes) {
        const QString path = m_home.filePath(name);
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
        return path;
    };
    const QString good1 = save(QStringLiteral("good-1.json"), dearer);
    const QString truncated = save(QStringLiteral("truncated.json"), dearer.left(dearer.size() / 2));
    const QString notJson = save(QStringLiteral("not-json.json"), "this is not a scenario\n");
    const QString good2 = save(QStringLiteral("good-2.json"), dearer);

    const CliRun r = run({QStringLiteral("watch"), good1, truncated, notJson, good2});
    EXPECT_EQ(r.code, 2) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(good1 + QStringLiteral(": ")) && r.out.contains(good2 + QStringLiteral(": ")))
        << r.out.toStdString();
    EXPECT_EQ(r.out.count(QStringLiteral("100.0% dearer")), 2) << r.out.toStdString();
    EXPECT_TRUE(r.err.contains(truncated + QStringLiteral(": "))) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(notJson + QStringLiteral(": "))) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("2 of 4 file(s) could not be watched"))) << r.err.toStdString();
    EXPECT_FALSE(r.out.contains(truncated)) << r.out.toStdString();

    // Without the damaged files the same watch is an alert.
    EXPECT_EQ(run({QStringLiteral("watch"), good1, good2}).code, 3);
}

// Issue 43: a target is an amount of money above 0; "nan" and "inf" read as numbers but are not.
TEST_F(PlanCli, WatchRefusesATargetThatIsNotAFinitePositiveAmount)
{
    const QString path = example(QStringLiteral("mobilenet-t4"));
    ASSERT_EQ(run({QStringLiteral("plan"), path, QStringLiteral("--record"), QStringLiteral("--top"), QStringLiteral("1")}).code, 0);
    for (const char *bad : {"nan", "NaN", "inf", "-inf", "-5", "0", "", "1e400", "1e14", "lots"}) {
        const CliRun r = run({QStringLiteral("watch"), path, QStringLiteral("--target"), QString::fromLatin1(bad)});
        EXPECT_EQ(r.code, 1) << bad << ": " << r.out.toStdString();
        EXPECT_TRUE(r.err.contains(QStringLiteral("--target: '%1'").arg(QString::fromLatin1(bad)))) << bad << ": " << r.err.toStdString();
        EXPECT_TRUE(r.out.isEmpty()) << bad << ": " << r.out.toStdString();
    }
    const CliRun fine = run({QStringLiteral("watch"), path, QStringLiteral("--target"), QStringLiteral("0.5")});
    EXPECT_EQ(fine.code, 0) << fine.err.toStdString();
}

// Issue 47 (3): serving on spot pays for the spare replicas that keep the load's replicas up while
// a reclaimed one is replaced (at least one), says so, and speaks of requests, not checkpoints.
TEST_F(PlanCli, ServingOnSpotPaysForItsSpareReplicas)
{
    QFile f(example(QStringLiteral("llama-70b-serving")));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QJsonObject scenario = QJsonDocument::fromJson(f.readAll()).object();
    QJsonObject constraints = scenario.value(u"constraints").toObject();
    constraints.insert(QStringLiteral("billing"), QJsonArray{QStringLiteral("on_demand"), QStringLiteral("spot")});
    constraints.remove(QStringLiteral("providers"));
    scenario.insert(QStringLiteral("constraints"), constraints);
    const QString path = write(QJsonDocument(scenario).toJson());
    const CliRun plan = run({QStringLiteral("plan"), path, QStringLiteral("--format"), QStringLiteral("json"),
                             QStringLiteral("--top"), QStringLiteral("0")});
    ASSERT_EQ(plan.code, 0) << plan.err.toStdString();
    const QJsonArray options = QJsonDocument::fromJson(plan.out.toUtf8()).object().value(u"options").toArray();
    // The load's replicas per instance type and region, from its on-demand option.
    QHash<QString, int> loadReplicas;
    for (const QJsonValue &v : options) {
        const QJsonObject o = v.toObject();
        if (o.value(u"billing").toString() == u"on_demand")
            loadReplicas.insert(o.value(u"instance_type").toString() + u'@' + o.value(u"region").toString(),
                                o.value(u"instances").toInt());
    }
    int spot = 0;
    for (const QJsonValue &v : options) {
        const QJsonObject o = v.toObject();
        const QString key = o.value(u"instance_type").toString() + u'@' + o.value(u"region").toString();
        if (o.value(u"billing").toString() != u"spot" || !loadReplicas.contains(key))
            continue;
        ++spot;
        EXPECT_GE(o.value(u"instances").toInt(), loadReplicas.value(key) + 1) << key.toStdString();
        const QString reasons = o.value(u"reasons").toVariant().toStringList().join(u' ');
        EXPECT_TRUE(reasons.contains(QStringLiteral("spare replica"))) << reasons.toStdString();
        EXPECT_TRUE(reasons.contains(QStringLiteral("up 99.9% of the time"))) << reasons.toStdString();
        EXPECT_FALSE(reasons.contains(QStringLiteral("checkpoint"))) << reasons.toStdString();
    }
    EXPECT_GT(spot, 10);
}
