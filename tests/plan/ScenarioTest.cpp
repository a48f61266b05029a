// Scenario files: the shipped examples load, a scenario survives a save/load round trip,
// and every kind of bad field is reported with its JSON path and value.

#include "core/plan/Scenario.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

const QList<ModelPreset> &presets()
{
    static const QList<ModelPreset> p = loadModelPresets().value();
    return p;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
    return f.readAll();
}

QJsonObject example(const char *name = "llama-7b-pretrain")
{
    return QJsonDocument::fromJson(readFile(QStringLiteral(":/scenarios/%1.json").arg(QLatin1String(name)))).object();
}

QJsonObject measuredExample()
{
    return example("measured-throughput");
}

// Sets the value at a path like "constraints.billing" or "phases[1].start".
QJsonValue setAt(QJsonValue node, QStringList path, const QJsonValue &value)
{
    if (path.isEmpty())
        return value;
    const QString head = path.takeFirst();
    static const QRegularExpression indexed(QStringLiteral("^(\\w+)\\[(\\d+)\\]$"));
    const auto m = indexed.match(head);
    QJsonObject object = node.toObject();
    if (m.hasMatch()) {
        QJsonArray array = object.value(m.captured(1)).toArray();
        const int i = m.captured(2).toInt();
        array[i] = setAt(array.at(i), path, value);
        object.insert(m.captured(1), array);
    } else {
        object.insert(head, setAt(object.value(head), path, value));
    }
    return object;
}

// One commitment term, valid unless fields override it (a null value removes the field).
QJsonArray term(const QList<QPair<QString, QJsonValue>> &fields)
{
    QJsonObject t{{QStringLiteral("provider"), QStringLiteral("aws")}, {QStringLiteral("term_months"), 12},
                  {QStringLiteral("upfront"), QStringLiteral("none")}, {QStringLiteral("discount"), 0.3},
                  {QStringLiteral("source"), QStringLiteral("quote of 2026-11-02")}};
    for (const auto &[key, value] : fields) {
        if (value.isNull())
            t.remove(key);
        else
            t.insert(key, value);
    }
    return QJsonArray{t};
}

QString errorFor(const QString &path, const QJsonValue &value, const QJsonObject &base = example())
{
    const QJsonObject o = setAt(base, path.split(u'.'), value).toObject();
    auto s = parseScenario(QJsonDocument(o).toJson(), presets());
    return s.ok() ? QString() : s.errorMessage();
}

} // namespace

TEST(Scenario, EveryExampleLoads)
{
    for (const char *name : {"bert-base-finetune", "mobilenet-t4", "llama-7b-pretrain", "llama-70b-serving",
                             "spot-distributed-training", "measured-throughput"}) {
        const QString path = QStringLiteral(":/scenarios/%1.json").arg(QLatin1String(name));
        auto s = loadScenario(path, presets());
        ASSERT_TRUE(s.ok()) << s.errorMessage().toStdString();
        EXPECT_FALSE(s->name.isEmpty()) << name;
        EXPECT_FALSE(s->phases.isEmpty()) << name;
    }
    auto spot = loadScenario(QStringLiteral(":/scenarios/spot-distributed-training.json"), presets());
    EXPECT_EQ(spot->rankBy, RankBy::Risk);
    EXPECT_DOUBLE_EQ(spot->assumptions.checkpointHours, 0.5);
    EXPECT_DOUBLE_EQ(spot->assumptions.interruptions.monthlyRate(u"aws", u"p5.48xlarge"), 0.25);
    EXPECT_DOUBLE_EQ(spot->constraints.deadlineHours, 21 * 24);
    EXPECT_EQ(spot->constraints.billing, (QList<Billing>{Billing::Spot, Billing::OnDemand}));
    auto seven = loadScenario(QStringLiteral(":/scenarios/llama-7b-pretrain.json"), presets());
    EXPECT_DOUBLE_EQ(seven->workload.training.tokens, 1e12);
    EXPECT_EQ(seven->phases.at(2).load, PhaseLoad::Gpus);
    EXPECT_EQ(seven->phases.at(1).start, QDate(2026, 12, 1));
    EXPECT_TRUE(seven->ownership.enabled);
}

TEST(Scenario, RoundTripThroughAFile)
{
    auto original = parseScenario(QJsonDocument(example()).toJson(), presets());
    ASSERT_TRUE(original.ok()) << original.errorMessage().toStdString();
    Scenario s = original.value();
    s.assumptions.fx.set({QStringLiteral("EUR"), 0.9, QStringLiteral("2026-01-02"), QStringLiteral("user")});
    s.assumptions.interruptions.add({QStringLiteral("gcp"), QStringLiteral("a3-*"), 0.2, QStringLiteral("user")});
    s.assumptions.extras.set(QStringLiteral("lambda"), ExtrasPrices{0.02, 0.0, QStringLiteral("USD"), QStringLiteral("user")});
    s.constraints.geographies = {QStringLiteral("Europe")};
    s.constraints.billing = {Billing::OnDemand, Billing::Reserved};
    s.constraints.maxSpotInterruptions = 2;
    s.displayCurrency = QStringLiteral("EUR");
    CommitmentTerm quoted;
    quoted.provider = QStringLiteral("lambda");
    quoted.instanceType = QStringLiteral("gpu_8x_h100*");
    quoted.termMonths = 36;
    quoted.upfront = Upfront::Partial;
    quoted.quotedPricePerHour = 17.5;
    quoted.upfrontFee = 100000;
    quoted.currency = QStringLiteral("USD");
    quoted.source = QStringLiteral("Lambda sales quote Q-118");
    quoted.quotedOn = QDate(2026, 11, 2);
    s.assumptions.commitments = {quoted};
    s.assumptions.expectedUtilization = 0.8;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.json"));
    ASSERT_TRUE(saveScenario(s, path).ok());
    auto loaded = loadScenario(path, presets());
    ASSERT_TRUE(loaded.ok()) << loaded.errorMessage().toStdString();
    EXPECT_EQ(scenarioToJson(loaded.value()), scenarioToJson(s));
    EXPECT_EQ(loaded->displayCurrency, QStringLiteral("EUR"));
    EXPECT_DOUBLE_EQ(loaded->constraints.maxSpotInterruptions, 2);
    EXPECT_DOUBLE_EQ(loaded->assumptions.fx.find(u"EUR")->ratePerUsd, 0.9);
    EXPECT_DOUBLE_EQ(loaded->assumptions.interruptions.monthlyRate(u"gcp", u"a3-highgpu-8g"), 0.2);
    EXPECT_DOUBLE_EQ(loaded->assumptions.extras.forProvider(QStringLiteral("lambda")).egressPerGb, 0.0);
    EXPECT_EQ(loaded->constraints.geographies, s.constraints.geographies);
    EXPECT_EQ(loaded->phases.size(), s.phases.size());
    EXPECT_DOUBLE_EQ(loaded->workload.training.tokens, s.workload.training.tokens);
    EXPECT_DOUBLE_EQ(loaded->ownership.purchasePrice, s.ownership.purchasePrice);
    ASSERT_EQ(loaded->assumptions.commitments.size(), 1);
    EXPECT_EQ(loaded->assumptions.commitments.at(0).quotedPricePerHour, 17.5);
    EXPECT_EQ(loaded->assumptions.commitments.at(0).instanceType, QStringLiteral("gpu_8x_h100*"));
    EXPECT_EQ(loaded->assumptions.commitments.at(0).quotedOn, QDate(2026, 11, 2));
    EXPECT_EQ(loaded->assumptions.expectedUtilization, 0.8);
}

TEST(Scenario, VersionAndShapeErrors)
{
    EXPECT_TRUE(errorFor(QStringLiteral("version"), 2).startsWith(QStringLiteral("version: 2 is not supported")));
    EXPECT_TRUE(errorFor(QStringLiteral("version"), QStringLiteral("one")).startsWith(QStringLiteral("version: \"one\"")));
    QJsonObject noVersion = example();
    noVersion.remove(QStringLiteral("version"));
    EXPECT_TRUE(parseScenario(QJsonDocument(noVersion).toJson(), presets()).errorMessage().startsWith(QStringLiteral("version: (missing)")));
    EXPECT_TRUE(parseScenario("{ not json", presets()).errorMessage().startsWith(QStringLiteral("not JSON")));
    EXPECT_TRUE(parseScenario("[1, 2]", presets()).errorMessage().contains(QStringLiteral("not a JSON object")));
    EXPECT_TRUE(errorFor(QStringLiteral("format"), QStringLiteral("other")).startsWith(QStringLiteral("format: \"other\"")));
    QJsonObject noWorkload = example();
    noWorkload.remove(QStringLiteral("workload"));
    EXPECT_EQ(parseScenario(QJsonDocument(noWorkload).toJson(), presets()).errorMessage(), QStringLiteral("workload: missing"));
    EXPECT_FALSE(loadScenario(QStringLiteral("/nonexistent/s.json"), presets()).ok());
}

TEST(Scenario, EveryKindOfBadFieldNamesPathAndValue)
{
    struct Case
    {
        const char *path;
        QJsonValue value;
        const char *expected; // the start of the message
    };
    const Case cases[] = {
        {"colour", QStringLiteral("blue"), "colour: unknown field"},
        {"display_currency", QStringLiteral("usd"), "display_currency: \"usd\" is not an ISO currency code"},
        {"display_currency", QStringLiteral("E1R"), "display_currency: \"E1R\" is not an ISO currency code"},
        {"sort", QStringLiteral("price"), "sort: \"price\" is not one of cost, time, risk"},
        {"workload.task", QStringLiteral("dance"), "workload.task: \"dance\" is not one of"},
        {"workload.model", QStringLiteral("gpt-9"), "workload.model: \"gpt-9\" is not a known preset"},
        {"workload.tokens", QStringLiteral("lots"), "workload.tokens: \"lots\" is not a count"},
        {"workload.tokens", true, "workload.tokens: true is not a number"},
        {"workload.mfu", 1.5, "workload.mfu: 1.5 is outside 0 to 1"},
        {"workload.ttft", QStringLiteral("fast"), "workload.ttft: \"fast\" is not a duration in seconds"},
        {"workload.wings", 2, "workload.wings: unknown field"},
        {"constraints.deadline", QStringLiteral("soon"), "constraints.deadline: \"soon\" is not a duration"},
        {"constraints.budget", -5, "constraints.budget: -5 is outside 0 to 1e+13"},
        {"constraints.budget", QStringLiteral("cheap"), "constraints.budget: \"cheap\" is not an amount (5000, 5k, $5,000"},
        {"constraints.max_gpus", 2.5, "constraints.max_gpus: 2.5 is not a whole number"},
        {"constraints.confidence", 1.5, "constraints.confidence: 1.5 is outside 0 to 1"},
        {"constraints.spot_max_interruptions", -1, "constraints.spot_max_interruptions: -1 is outside 0 to"},
        {"constraints.providers", QStringLiteral("aws"), "constraints.providers: \"aws\" is not an array"},
        {"constraints.regions", QJsonArray{1}, "constraints.regions[0]: 1 is not a string"},
        {"constraints.billing", QJsonArray{QStringLiteral("lease")}, "constraints.billing[0]: \"lease\" is not one of"},
        {"constraints.rdma_for_multi_node", QStringLiteral("yes"), "constraints.rdma_for_multi_node: \"yes\" is not true or false"},
        {"constraints", 5, "constraints: 5 is not an object"},
        {"phases[1].start", QStringLiteral("someday"), "phases[1].start: \"someday\" is not a date"},
        {"phases[0].gpus", 4, "phases[0]: give exactly one load"},
        {"phases[2].months", 0, "phases[2].months: 0 is outside 1 to 600"},
        {"phases[0].spot_allowed", 1, "phases[0].spot_allowed: 1 is not true or false"},
        {"phases", QJsonObject(), "phases: {} is not an array"},
        {"assumptions.fx", QJsonArray{QJsonObject{{QStringLiteral("currency"), QStringLiteral("EUR")}, {QStringLiteral("per_usd"), 0}}},
         "assumptions.fx[0].per_usd: 0 is outside 1e-06 to 10000000"},
        {"assumptions.fx", QJsonArray{QJsonObject{{QStringLiteral("currency"), QStringLiteral("EUR")}, {QStringLiteral("per_usd"), 0.9}}},
         "assumptions.fx[0]: {\"currency\":\"EUR\",\"per_usd\":0.9} needs currency (3 letters), per_usd and source"},
        {"assumptions.interruption.rules",
         QJsonArray{QJsonObject{{QStringLiteral("bucket"), QStringLiteral("30%")}}},
         "assumptions.interruption.rules[0].bucket: \"30%\" is not one of <5%"},
        {"assumptions.interruption.default_monthly", 1.2, "assumptions.interruption.default_monthly: 1.2 is outside 0 to 0.999"},
        {"assumptions.checkpoint_interval", QStringLiteral("often"), "assumptions.checkpoint_interval: \"often\" is not a duration"},
        {"assumptions.monte_carlo.draws", 0, "assumptions.monte_carlo.draws: 0 is outside 1 to 1000000"},
        {"assumptions.commitments", term({{QStringLiteral("upfront"), QStringLiteral("some")}}),
         "assumptions.commitments[0].upfront: \"some\" is not one of none, partial, all"},
        {"assumptions.commitments", term({{QStringLiteral("discount"), 0.99}}),
         "assumptions.commitments[0].discount: 0.99 is outside 0 to 0.95"},
        {"assumptions.commitments", term({{QStringLiteral("provider"), QString()}}),
         "assumptions.commitments[0].provider: missing (the provider that offered this term"},
        {"assumptions.commitments", term({{QStringLiteral("source"), QStringLiteral(" ")}}),
         "assumptions.commitments[0].source: missing (where the term comes from"},
        {"assumptions.commitments", term({{QStringLiteral("price_per_hour"), 20}}),
         "assumptions.commitments[0]: needs either discount (share off on-demand, 0.3) or price_per_hour"},
        {"assumptions.commitments",
         term({{QStringLiteral("discount"), QJsonValue()}, {QStringLiteral("price_per_hour"), 20},
               {QStringLiteral("currency"), QStringLiteral("XYZ")}}),
         "assumptions.commitments[0].currency: \"XYZ\" is not a currency GPU Planner knows"},
        {"assumptions.commitments", term({{QStringLiteral("upfront_fee"), 100}}),
         "assumptions.commitments[0]: upfront_fee and currency go with a quoted price_per_hour"},
        {"assumptions.commitments", term({{QStringLiteral("quoted_on"), QStringLiteral("last week")}}),
         "assumptions.commitments[0].quoted_on: \"last week\" is not a date (the day of the quote, 2026-11-02)"},
        {"assumptions.spot_price", QStringLiteral("cheap"), "assumptions.spot_price: \"cheap\" is not one of median, lowest"},
        {"assumptions.storage.data_gb", -1, "assumptions.storage.data_gb: -1 is outside 0 to 10000000000"},
        {"assumptions.extras_prices", QJsonArray{QJsonObject{{QStringLiteral("provider"), QStringLiteral("aws")}}},
         "assumptions.extras_prices[0]: {\"provider\":\"aws\"} needs provider and source"},
        {"ownership.pue", 0.5, "ownership.pue: 0.5 is outside 1 to 5"},
        // Hostile numbers (issue 18): each names the field and its range instead of spinning or misreporting.
        {"workload.tokens", 1e299, "workload.tokens: 1e+299 is outside 0 to 1e+16"},
        {"workload.tokens", QStringLiteral("1e299"), "workload.tokens: \"1e299\" is outside 0 to 1e+16"},
        {"workload.epochs", 0, "workload.epochs: 0 is outside 0.001 to 1000000"},
        {"workload.ttft", QStringLiteral("nan"), "workload.ttft: \"nan\" is"},
        {"workload.tpot", 1e301, "workload.tpot: 1e+301 is outside 0.0001 to 60"},
        {"constraints.budget", 1e301, "constraints.budget: 1e+301 is outside 0 to 1e+13"},
        {"constraints.deadline", QStringLiteral("9999999d"), "constraints.deadline: \"9999999d\" is outside 0 to 876000"},
        {"assumptions.extras_prices",
         QJsonArray{QJsonObject{{QStringLiteral("provider"), QStringLiteral("aws")}, {QStringLiteral("currency"), QStringLiteral("UDS")},
                                {QStringLiteral("source"), QStringLiteral("quote")}}},
         "assumptions.extras_prices[0].currency: \"UDS\" is not a currency GPU Planner knows"},
        {"ownership.budget", 1, "ownership.budget: unknown field"},
    };
    // A 1 MB bad value is quoted in a few dozen characters, its length said.
    const QString huge = errorFor(QStringLiteral("workload.task"), QString(1 << 20, u'x'));
    EXPECT_LT(huge.size(), 300) << huge.left(300).toStdString();
    EXPECT_TRUE(huge.contains(QStringLiteral("(1048576 characters)"))) << huge.left(300).toStdString();
    for (const Case &c : cases) {
        const QString error = errorFor(QString::fromLatin1(c.path), c.value);
        EXPECT_TRUE(error.startsWith(QString::fromUtf8(c.expected)))
            << c.path << ": got \"" << error.toStdString() << "\", expected \"" << c.expected << "...\"";
    }
}

TEST(Scenario, MissingInputsOfTheTaskAreNamed)
{
    QJsonObject o = example();
    QJsonObject w = o.value(QStringLiteral("workload")).toObject();
    w.remove(QStringLiteral("tokens"));
    o.insert(QStringLiteral("workload"), w);
    EXPECT_TRUE(parseScenario(QJsonDocument(o).toJson(), presets()).errorMessage().startsWith(QStringLiteral("workload.tokens: missing")));
    w = QJsonObject{{QStringLiteral("task"), QStringLiteral("inference")}, {QStringLiteral("model"), QStringLiteral("llama-2-7b")}};
    o.insert(QStringLiteral("workload"), w);
    EXPECT_TRUE(parseScenario(QJsonDocument(o).toJson(), presets()).errorMessage().startsWith(QStringLiteral("workload.rps: missing")));
    o.insert(QStringLiteral("workload"), QJsonObject{{QStringLiteral("model"), QStringLiteral("llama-2-7b")}});
    EXPECT_TRUE(parseScenario(QJsonDocument(o).toJson(), presets()).errorMessage().startsWith(QStringLiteral("workload.task: missing")));
}

TEST(Scenario, MeasuredThroughputWorkloadReadsEveryField)
{
    auto s = parseScenario(QJsonDocument(measuredExample()).toJson(), presets());
    ASSERT_TRUE(s.ok()) << s.errorMessage().toStdString();
    const Workload &w = s->workload;
    EXPECT_EQ(w.kind, WorkloadKind::Measured);
    EXPECT_DOUBLE_EQ(w.measured.referenceThroughput, 3100);
    EXPECT_EQ(w.measured.referenceGpuName, QStringLiteral("A100-80GB"));
    EXPECT_EQ(w.measured.referenceGpus, 1);
    EXPECT_EQ(w.measured.bound, MeasuredBound::Compute);
    EXPECT_DOUBLE_EQ(w.measured.items, 2e9);
    EXPECT_EQ(w.measured.precision, MathPrecision::Bf16);
    EXPECT_FALSE(w.tokensAreSamples);
    EXPECT_FALSE(w.measured.referenceGpu.hasComputeSpecs()) << "resolved against the catalog when planning";

    QJsonObject o = measuredExample();
    QJsonObject spec = o.value(QStringLiteral("workload")).toObject();
    spec.insert(QStringLiteral("bound"), QStringLiteral("memory"));
    spec.insert(QStringLiteral("item_unit"), QStringLiteral("samples"));
    spec.insert(QStringLiteral("precision"), QStringLiteral("fp8"));
    spec.insert(QStringLiteral("measured_gpus"), 8);
    spec.insert(QStringLiteral("measured_throughput"), QStringLiteral("1.2K"));
    spec.insert(QStringLiteral("measured_gpu"), QStringLiteral("  H100 "));
    o.insert(QStringLiteral("workload"), spec);
    auto other = parseScenario(QJsonDocument(o).toJson(), presets());
    ASSERT_TRUE(other.ok()) << other.errorMessage().toStdString();
    EXPECT_EQ(other->workload.measured.bound, MeasuredBound::MemoryBandwidth);
    EXPECT_TRUE(other->workload.tokensAreSamples);
    EXPECT_EQ(other->workload.measured.precision, MathPrecision::Fp8);
    EXPECT_EQ(other->workload.measured.referenceGpus, 8);
    EXPECT_DOUBLE_EQ(other->workload.measured.referenceThroughput, 1200);
    EXPECT_EQ(other->workload.measured.referenceGpuName, QStringLiteral("H100"));
}

TEST(Scenario, MeasuredThroughputErrorsNamePathAndValue)
{
    struct Case
    {
        const char *path;
        QJsonValue value;
        const char *expected;
    };
    const Case cases[] = {
        {"workload.measured_throughput", 0, "workload.measured_throughput: 0 is not above 0"},
        {"workload.measured_throughput", -3, "workload.measured_throughput: -3 is outside 0 to 1e+15"},
        {"workload.measured_throughput", QStringLiteral("fast"), "workload.measured_throughput: \"fast\" is not a count"},
        {"workload.measured_gpu", 100, "workload.measured_gpu: 100 is not a string"},
        {"workload.measured_gpus", 0, "workload.measured_gpus: 0 is outside 1 to 65536"},
        {"workload.measured_gpus", 1.5, "workload.measured_gpus: 1.5 is not a whole number"},
        {"workload.bound", QStringLiteral("disk"), "workload.bound: \"disk\" is not one of compute, memory"},
        {"workload.items", 0, "workload.items: 0 is not above 0"},
        {"workload.item_unit", QStringLiteral("rows"), "workload.item_unit: \"rows\" is not one of tokens, samples"},
        {"workload.task", QStringLiteral("measure"), "workload.task: \"measure\" is not one of"},
    };
    for (const Case &c : cases) {
        const QString error = errorFor(QString::fromLatin1(c.path), c.value, measuredExample());
        EXPECT_TRUE(error.startsWith(QString::fromUtf8(c.expected)))
            << c.path << ": got \"" << error.toStdString() << "\", expected \"" << c.expected << "...\"";
    }
    for (const char *key : {"measured_throughput", "measured_gpu", "items"}) {
        QJsonObject o = measuredExample();
        QJsonObject w = o.value(QStringLiteral("workload")).toObject();
        w.remove(QLatin1String(key));
        o.insert(QStringLiteral("workload"), w);
        const QString error = parseScenario(QJsonDocument(o).toJson(), presets()).errorMessage();
        EXPECT_TRUE(error.startsWith(QStringLiteral("workload.%1: missing (").arg(QLatin1String(key))))
            << key << ": " << error.toStdString();
    }
    EXPECT_TRUE(errorFor(QStringLiteral("workload.measured_gpu"), QStringLiteral(" "), measuredExample())
                    .startsWith(QStringLiteral("workload.measured_gpu: missing")));
}

TEST(Scenario, MeasuredThroughputRoundTripsThroughAFile)
{
    auto original = loadScenario(QStringLiteral(":/scenarios/measured-throughput.json"), presets());
    ASSERT_TRUE(original.ok()) << original.errorMessage().toStdString();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("measured.json"));
    ASSERT_TRUE(saveScenario(original.value(), path).ok());
    auto loaded = loadScenario(path, presets());
    ASSERT_TRUE(loaded.ok()) << loaded.errorMessage().toStdString();
    EXPECT_EQ(scenarioToJson(loaded.value()), scenarioToJson(original.value()));
    EXPECT_EQ(loaded->workloadSpec, measuredExample().value(QStringLiteral("workload")).toObject());
    const MeasuredSetup &m = loaded->workload.measured;
    EXPECT_EQ(loaded->workload.kind, WorkloadKind::Measured);
    EXPECT_DOUBLE_EQ(m.referenceThroughput, 3100);
    EXPECT_EQ(m.referenceGpuName, QStringLiteral("A100-80GB"));
    EXPECT_DOUBLE_EQ(m.items, 2e9);
}

TEST(Scenario, AmountsAndSharesReadAsPeopleTypeThem)
{
    auto read = [](const QList<QPair<QString, QJsonValue>> &values) {
        QJsonObject o = example();
        for (const auto &[path, value] : values)
            o = setAt(o, path.split(u'.'), value).toObject();
        return parseScenario(QJsonDocument(o).toJson(), presets());
    };
    auto dollars = read({{QStringLiteral("constraints.budget"), QStringLiteral("$5,000")},
                         {QStringLiteral("constraints.confidence"), QStringLiteral("90%")}});
    ASSERT_TRUE(dollars.ok()) << dollars.errorMessage().toStdString();
    EXPECT_DOUBLE_EQ(dollars->constraints.budget, 5000);
    EXPECT_DOUBLE_EQ(dollars->constraints.confidence, 0.9);
    auto yuan = read({{QStringLiteral("display_currency"), QStringLiteral("CNY")},
                      {QStringLiteral("constraints.budget"), QStringLiteral("\u00a530\u4e07")}});
    ASSERT_TRUE(yuan.ok()) << yuan.errorMessage().toStdString();
    EXPECT_DOUBLE_EQ(yuan->constraints.budget, 300000);
    EXPECT_DOUBLE_EQ(read({{QStringLiteral("constraints.budget"), QStringLiteral("5k")}})->constraints.budget, 5000);
    // A sign that names another currency than the display one is refused, never converted silently.
    EXPECT_EQ(errorFor(QStringLiteral("constraints.budget"), QStringLiteral("\u20ac5k")),
              QStringLiteral("constraints.budget: \"\u20ac5k\" is in EUR but amounts here are in USD (display_currency)"));
    EXPECT_TRUE(errorFor(QStringLiteral("constraints.budget"), QStringLiteral("\u00a55000")).contains(u"yuan or yen"));
    EXPECT_TRUE(errorFor(QStringLiteral("constraints.budget"), QStringLiteral("lots")).contains(u"is not an amount"));
    EXPECT_TRUE(errorFor(QStringLiteral("constraints.confidence"), QStringLiteral("150%")).contains(u"constraints.confidence"));
}

TEST(Scenario, AServingPhaseSetsHowLongTheModelIsServed)
{
    // Issue 28: one place for the serving duration. The serving phase's months (drawn by the
    // timeline) price the plan; assumptions.serving_months counts only without such a phase.
    QFile f(QStringLiteral(":/scenarios/llama-70b-serving.json"));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    QJsonArray phases = o.value(QStringLiteral("phases")).toArray();
    QJsonObject serving = phases.at(0).toObject();
    serving.insert(QStringLiteral("months"), 36);
    phases.replace(0, serving);
    o.insert(QStringLiteral("phases"), phases);
    auto s = parseScenario(QJsonDocument(o).toJson(), presets());
    ASSERT_TRUE(s.ok()) << s.errorMessage().toStdString();
    EXPECT_DOUBLE_EQ(s->assumptions.servingMonths, 36) << "the phase's 36, not assumptions.serving_months' 12";
    EXPECT_EQ(s->assumptions.servingPhase, QStringLiteral("Serving"));
    // Without a serving phase the assumption prices it.
    o.remove(QStringLiteral("phases"));
    auto alone = parseScenario(QJsonDocument(o).toJson(), presets());
    ASSERT_TRUE(alone.ok()) << alone.errorMessage().toStdString();
    EXPECT_DOUBLE_EQ(alone->assumptions.servingMonths, 12);
    EXPECT_TRUE(alone->assumptions.servingPhase.isEmpty());
}

TEST(Scenario, ThePlannedJobRunsOnSpotExactlyWhenThePlanMay)
{
    // llama-7b-pretrain: every billing model allowed; its main-run phase says spot_allowed true.
    QJsonObject base = example();
    QJsonArray phases = base.value(u"phases").toArray();
    int main = -1;
    for (int i = 0; i < phases.size(); ++i) {
        if (phases.at(i).toObject().value(u"main_run").toBool())
            main = i;
    }
    ASSERT_GE(main, 0);
    const auto spotOf = [&](const QJsonObject &o) {
        auto s = parseScenario(QJsonDocument(o).toJson(), presets());
        EXPECT_TRUE(s.ok()) << s.errorMessage().toStdString();
        return s.ok() && s->phases.at(main).spotAllowed;
    };
    const QString flag = QStringLiteral("phases[%1].spot_allowed").arg(main);
    // The phase's own flag does not decide: without it, the plan's billing models do.
    EXPECT_TRUE(spotOf(setAt(base, flag.split(u'.'), false).toObject()));
    const QJsonObject onDemandOnly =
        setAt(base, {QStringLiteral("constraints"), QStringLiteral("billing")}, QJsonArray{QStringLiteral("on_demand")}).toObject();
    EXPECT_FALSE(spotOf(setAt(onDemandOnly, flag.split(u'.'), true).toObject()));
    const QJsonObject withSpot = setAt(base, {QStringLiteral("constraints"), QStringLiteral("billing")},
                                       QJsonArray{QStringLiteral("on_demand"), QStringLiteral("spot")})
                                     .toObject();
    EXPECT_TRUE(spotOf(setAt(withSpot, flag.split(u'.'), false).toObject()));
}

// Issue 46 item 3: a scenario states whether its stack hides the expert all-to-all; unstated is the
// product's default, and a value it does not know names the field.
TEST(Scenario, ExpertOverlapIsReadFromTheWorkload)
{
    auto plain = parseScenario(QJsonDocument(example()).toJson(), presets());
    ASSERT_TRUE(plain.ok()) << plain.errorMessage().toStdString();
    EXPECT_EQ(plain->workload.training.expertOverlap, ExpertOverlap::Default);
    for (const auto &[text, value] : {std::pair{"full", ExpertOverlap::Full}, std::pair{"none", ExpertOverlap::None}}) {
        const QJsonObject o = setAt(example(), {QStringLiteral("workload"), QStringLiteral("expert_overlap")},
                                    QString::fromLatin1(text))
                                  .toObject();
        auto s = parseScenario(QJsonDocument(o).toJson(), presets());
        ASSERT_TRUE(s.ok()) << s.errorMessage().toStdString();
        EXPECT_EQ(s->workload.training.expertOverlap, value) << text;
    }
    const QString error = errorFor(QStringLiteral("workload.expert_overlap"), QStringLiteral("half"));
    EXPECT_TRUE(error.contains(QStringLiteral("expert_overlap"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("half"))) << error.toStdString();
}

// Issue 46: the campaign terms read from the workload, survive a save and load, fall back to the
// defaults in files that do not have them, and bad values name their path.
TEST(Scenario, CampaignTermsReadRoundTripAndDefault)
{
    const auto old = parseScenario(QJsonDocument(example()).toJson(), presets());
    ASSERT_TRUE(old.ok()) << old.errorMessage().toStdString();
    EXPECT_EQ(old->workload.training.campaign, CampaignTerms{}) << "a file without the terms keeps every default";

    QJsonObject o = example();
    QJsonObject w = o.value(QStringLiteral("workload")).toObject();
    w.insert(QStringLiteral("stack"), QStringLiteral("mfu=42%"));
    w.insert(QStringLiteral("failure_handling"), QStringLiteral("automatic"));
    w.insert(QStringLiteral("first_run"), QStringLiteral("no"));
    w.insert(QStringLiteral("spare_capacity"), 8.3);
    o.insert(QStringLiteral("workload"), w);
    auto s = parseScenario(QJsonDocument(o).toJson(), presets());
    ASSERT_TRUE(s.ok()) << s.errorMessage().toStdString();
    const CampaignTerms &t = s->workload.training.campaign;
    EXPECT_EQ(t.stack, StackMaturity::Measured);
    EXPECT_DOUBLE_EQ(t.measuredMfu, 0.42);
    EXPECT_EQ(t.failureHandling, FailureHandling::Automatic);
    EXPECT_EQ(t.firstRun, FirstRun::No);
    EXPECT_DOUBLE_EQ(t.spareCapacityPercent, 8.3);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("terms.json"));
    ASSERT_TRUE(saveScenario(s.value(), path).ok());
    auto loaded = loadScenario(path, presets());
    ASSERT_TRUE(loaded.ok()) << loaded.errorMessage().toStdString();
    EXPECT_EQ(loaded->workload.training.campaign, t);

    EXPECT_TRUE(errorFor(QStringLiteral("workload.stack"), QStringLiteral("fast")).contains(QStringLiteral("workload.stack")));
    EXPECT_TRUE(errorFor(QStringLiteral("workload.stack"), QStringLiteral("mfu=0")).contains(QStringLiteral("workload.stack")));
    EXPECT_TRUE(errorFor(QStringLiteral("workload.failure_handling"), QStringLiteral("sometimes"))
                    .contains(QStringLiteral("workload.failure_handling")));
    EXPECT_TRUE(errorFor(QStringLiteral("workload.first_run"), true).contains(QStringLiteral("workload.first_run")));
    EXPECT_TRUE(errorFor(QStringLiteral("workload.spare_capacity"), -5).contains(QStringLiteral("workload.spare_capacity")));
}
