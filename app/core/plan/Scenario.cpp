#include "core/refresh/BatchValidation.h"
#include "core/io/BoundedFile.h"
#include "core/io/SafeFileWriter.h"
#include "core/plan/Scenario.h"

#include "core/plan/JsonReader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace gpuplanner::core {

namespace {

const QString kFormat = QStringLiteral("gpu-planner-scenario");

QString item(const QString &path, qsizetype i)
{
    return QStringLiteral("%1[%2]").arg(path).arg(i);
}

std::optional<QDate> monthFrom(JsonReader &r, const QJsonObject &o, const QString &path, const char16_t *key)
{
    const auto text = r.string(o, path, key);
    if (!text)
        return std::nullopt;
    QDate d = QDate::fromString(*text, Qt::ISODate);
    if (!d.isValid())
        d = QDate::fromString(*text + QStringLiteral("-01"), Qt::ISODate);
    if (!d.isValid()) {
        r.fail(JsonReader::join(path, QString::fromUtf16(key)), o.value(QString::fromUtf16(key)),
               ScenarioText::tr("is not a date (2026-09 or 2026-09-01)"));
        return std::nullopt;
    }
    return QDate(d.year(), d.month(), 1);
}

void readConstraints(JsonReader &r, const QJsonObject &o, Constraints &c, const QString &currency)
{
    const QString path = QStringLiteral("constraints");
    r.checkKeys(o, path,
                {u"deadline", u"budget", u"max_gpus", u"max_instances", u"providers", u"regions", u"geographies", u"gpus",
                 u"billing", u"rdma_for_multi_node", u"min_gpu_memory_gib", u"min_gpus_per_instance", u"confidence",
                 u"spot_max_interruptions", u"include_suspect"});
    c.deadlineHours = r.hours(o, path, u"deadline").value_or(0);
    c.budget = r.amount(o, path, u"budget", currency).value_or(0);
    c.maxGpus = r.integer(o, path, u"max_gpus", 0, 1 << 24).value_or(0);
    c.maxInstances = r.integer(o, path, u"max_instances", 0, 1 << 20).value_or(0);
    c.providers = r.strings(o, path, u"providers").value_or(QStringList());
    c.regions = r.strings(o, path, u"regions").value_or(QStringList());
    c.geographies = r.strings(o, path, u"geographies").value_or(QStringList());
    c.gpus = r.strings(o, path, u"gpus").value_or(QStringList());
    const QStringList billing = r.strings(o, path, u"billing").value_or(QStringList());
    for (qsizetype i = 0; i < billing.size(); ++i) {
        const auto b = billingFromId(billing.at(i));
        if (!b)
            r.fail(item(JsonReader::join(path, QStringLiteral("billing")), i), QJsonValue(billing.at(i)),
                   ScenarioText::tr("is not one of %1").arg(billingIds().join(QStringLiteral(", "))));
        else
            c.billing.append(*b);
    }
    c.rdmaForMultiNode = r.boolean(o, path, u"rdma_for_multi_node").value_or(true);
    c.includeSuspect = r.boolean(o, path, u"include_suspect").value_or(false);
    c.minGpuMemoryGib = r.number(o, path, u"min_gpu_memory_gib").value_or(0);
    c.minGpusPerInstance = r.integer(o, path, u"min_gpus_per_instance", 0, 1024).value_or(0);
    c.confidence = r.share(o, path, u"confidence", 0, 1).value_or(0.9);
    c.maxSpotInterruptions = r.number(o, path, u"spot_max_interruptions", 0, 1e6).value_or(-1);
}

void readPhases(JsonReader &r, const QJsonArray &array, QList<Phase> &phases)
{
    for (qsizetype i = 0; i < array.size() && !r.failed(); ++i) {
        const QString path = item(QStringLiteral("phases"), i);
        if (!array.at(i).isObject()) {
            r.fail(path, array.at(i), ScenarioText::tr("is not an object"));
            return;
        }
        const QJsonObject o = array.at(i).toObject();
        r.checkKeys(o, path, {u"name", u"start", u"months", u"gpu_hours_per_month", u"gpus", u"main_run", u"spot_allowed"});
        Phase p;
        p.name = r.string(o, path, u"name").value_or(QStringLiteral("Phase %1").arg(i + 1));
        const auto start = monthFrom(r, o, path, u"start");
        if (!start && !r.failed())
            r.fail(JsonReader::join(path, QStringLiteral("start")), ScenarioText::tr("missing (2026-09)"));
        p.start = start.value_or(QDate());
        p.months = r.integer(o, path, u"months", 1, 600).value_or(1);
        const auto hours = r.number(o, path, u"gpu_hours_per_month");
        const auto gpus = r.integer(o, path, u"gpus", 1, 1 << 20);
        const bool mainRun = r.boolean(o, path, u"main_run").value_or(false);
        if (int(hours.has_value()) + int(gpus.has_value()) + int(mainRun) != 1 && !r.failed())
            r.fail(path, ScenarioText::tr("give exactly one load: gpu_hours_per_month, gpus or main_run"));
        p.load = hours ? PhaseLoad::GpuHoursPerMonth : (gpus ? PhaseLoad::Gpus : PhaseLoad::MainRun);
        p.gpuHoursPerMonth = hours.value_or(0);
        p.gpus = gpus.value_or(0);
        p.spotAllowed = r.boolean(o, path, u"spot_allowed").value_or(false);
        phases.append(p);
    }
}

void readAssumptions(JsonReader &r, const QJsonObject &o, Assumptions &a)
{
    const QString path = QStringLiteral("assumptions");
    r.checkKeys(o, path,
                {u"fx", u"interruption", u"checkpoint_interval", u"restart_overhead", u"monte_carlo", u"storage",
                 u"extras_prices", u"commitments", u"expected_utilization", u"serving_months", u"spot_price",
                 u"serving_availability"});
    if (const auto fx = r.array(o, path, u"fx")) {
        for (qsizetype i = 0; i < fx->size() && !r.failed(); ++i) {
            const QString p = item(JsonReader::join(path, QStringLiteral("fx")), i);
            const QJsonObject e = fx->at(i).toObject();
            r.checkKeys(e, p, {u"currency", u"per_usd", u"date", u"source"});
            FxRate rate;
            rate.currency = r.string(e, p, u"currency").value_or(QString());
            rate.ratePerUsd = r.number(e, p, u"per_usd").value_or(0);
            rate.date = r.string(e, p, u"date").value_or(QString());
            rate.source = r.string(e, p, u"source").value_or(QString());
            if (!r.failed() && (!isCurrencyCode(rate.currency) || rate.ratePerUsd <= 0 || rate.source.isEmpty()))
                r.fail(p, fx->at(i), ScenarioText::tr("needs currency (3 letters), per_usd and source"));
            a.fx.set(rate);
        }
    }
    if (const auto in = r.object(o, path, u"interruption")) {
        const QString p = JsonReader::join(path, QStringLiteral("interruption"));
        r.checkKeys(*in, p, {u"default_monthly", u"rules"});
        a.interruptions.setDefault(r.share(*in, p, u"default_monthly", 0, 0.999).value_or(a.interruptions.defaultRate()));
        const QJsonArray rules = r.array(*in, p, u"rules").value_or(QJsonArray());
        for (qsizetype i = 0; i < rules.size() && !r.failed(); ++i) {
            const QString rp = item(JsonReader::join(p, QStringLiteral("rules")), i);
            const QJsonObject e = rules.at(i).toObject();
            r.checkKeys(e, rp, {u"provider", u"instance_type", u"monthly", u"bucket", u"source"});
            InterruptionRule rule;
            rule.provider = r.string(e, rp, u"provider").value_or(QString());
            rule.instanceGlob = r.string(e, rp, u"instance_type").value_or(QString());
            rule.source = r.string(e, rp, u"source").value_or(QString());
            const auto monthly = r.number(e, rp, u"monthly", 0, 0.999);
            const auto bucket = r.string(e, rp, u"bucket");
            if (bucket && !bucketFromId(*bucket))
                r.fail(JsonReader::join(rp, QStringLiteral("bucket")), e.value(QStringLiteral("bucket")),
                       ScenarioText::tr("is not one of <5%, 5-10%, 10-15%, 15-20%, >20%"));
            if (!monthly && !bucket && !r.failed())
                r.fail(rp, ScenarioText::tr("give monthly or bucket"));
            rule.monthlyRate = monthly ? *monthly : bucketRate(bucketFromId(bucket.value_or(QString())).value_or(InterruptionBucket::From10To15));
            a.interruptions.add(rule);
        }
    }
    a.checkpointHours = r.hours(o, path, u"checkpoint_interval").value_or(a.checkpointHours);
    a.restartHours = r.hours(o, path, u"restart_overhead").value_or(a.restartHours);
    if (const auto mc = r.object(o, path, u"monte_carlo")) {
        const QString p = JsonReader::join(path, QStringLiteral("monte_carlo"));
        r.checkKeys(*mc, p, {u"draws", u"seed"});
        a.monteCarloDraws = r.integer(*mc, p, u"draws", 1, 1000000).value_or(a.monteCarloDraws);
        a.seed = quint64(r.number(*mc, p, u"seed", 0, 9007199254740992.0).value_or(double(a.seed)));
    }
    if (const auto st = r.object(o, path, u"storage")) {
        const QString p = JsonReader::join(path, QStringLiteral("storage"));
        r.checkKeys(*st, p, {u"data_gb", u"checkpoint_gb", u"egress_gb"});
        a.usage.dataGb = r.number(*st, p, u"data_gb").value_or(0);
        a.usage.checkpointGb = r.number(*st, p, u"checkpoint_gb").value_or(0);
        a.usage.egressGb = r.number(*st, p, u"egress_gb").value_or(0);
    }
    const QJsonArray prices = r.array(o, path, u"extras_prices").value_or(QJsonArray());
    for (qsizetype i = 0; i < prices.size() && !r.failed(); ++i) {
        const QString p = item(JsonReader::join(path, QStringLiteral("extras_prices")), i);
        const QJsonObject e = prices.at(i).toObject();
        r.checkKeys(e, p, {u"provider", u"storage_per_gb_month", u"egress_per_gb", u"currency", u"source"});
        const QString provider = r.string(e, p, u"provider").value_or(QString());
        ExtrasPrices x;
        x.storagePerGbMonth = r.number(e, p, u"storage_per_gb_month").value_or(0);
        x.egressPerGb = r.number(e, p, u"egress_per_gb").value_or(0);
        x.currency = r.string(e, p, u"currency").value_or(QStringLiteral("USD"));
        x.source = r.string(e, p, u"source").value_or(QString());
        if (!r.failed() && (provider.isEmpty() || x.source.isEmpty()))
            r.fail(p, prices.at(i), ScenarioText::tr("needs provider and source"));
        if (!r.failed() && !isKnownCurrency(x.currency))
            r.fail(JsonReader::join(p, QStringLiteral("currency")), e.value(QStringLiteral("currency")),
                   ScenarioText::tr("is not a currency GPU Planner knows (USD, EUR, CNY, GBP, JPY, ...)"));
        a.extras.set(provider, x);
    }
    const QJsonArray commitments = r.array(o, path, u"commitments").value_or(QJsonArray());
    for (qsizetype i = 0; i < commitments.size() && !r.failed(); ++i) {
        const QString p = item(JsonReader::join(path, QStringLiteral("commitments")), i);
        const QJsonObject e = commitments.at(i).toObject();
        r.checkKeys(e, p, {u"provider", u"instance_type", u"term_months", u"upfront", u"discount", u"price_per_hour",
                           u"upfront_fee", u"currency", u"source", u"quoted_on"});
        CommitmentTerm t;
        // A term belongs to the provider that offered it: never to every provider.
        t.provider = r.string(e, p, u"provider").value_or(QString());
        if (!r.failed() && t.provider.isEmpty())
            r.fail(JsonReader::join(p, QStringLiteral("provider")),
                   ScenarioText::tr("missing (the provider that offered this term, e.g. \"aws\")"));
        t.instanceType = r.string(e, p, u"instance_type").value_or(QString());
        t.termMonths = r.integer(e, p, u"term_months", 1, 120).value_or(12);
        t.upfront = r.choice<Upfront>(e, p, u"upfront", {{u"none", Upfront::None}, {u"partial", Upfront::Partial},
                                                       {u"all", Upfront::All}})
                        .value_or(Upfront::None);
        const auto discount = r.share(e, p, u"discount", 0, 0.95);
        t.quotedPricePerHour = r.number(e, p, u"price_per_hour", 0, 1e6);
        if (!r.failed() && discount.has_value() == t.quotedPricePerHour.has_value())
            r.fail(p, ScenarioText::tr("needs either discount (share off on-demand, 0.3) or price_per_hour "
                                       "(a quoted price per instance-hour), not both"));
        t.discount = discount.value_or(0);
        t.upfrontFee = r.number(e, p, u"upfront_fee", 0, 1e9).value_or(0);
        t.currency = r.string(e, p, u"currency").value_or(QString());
        if (!r.failed() && t.quoted() && !isKnownCurrency(t.currency))
            r.fail(JsonReader::join(p, QStringLiteral("currency")), e.value(QStringLiteral("currency")),
                   ScenarioText::tr("is not a currency GPU Planner knows (USD, EUR, CNY, GBP, JPY, ...)"));
        if (!r.failed() && !t.quoted() && (e.contains(QStringLiteral("upfront_fee")) || e.contains(QStringLiteral("currency"))))
            r.fail(p, ScenarioText::tr("upfront_fee and currency go with a quoted price_per_hour, not a discount"));
        t.source = r.string(e, p, u"source").value_or(QString());
        if (!r.failed() && t.source.trimmed().isEmpty())
            r.fail(JsonReader::join(p, QStringLiteral("source")),
                   ScenarioText::tr("missing (where the term comes from: the quote, the contract, the sales contact)"));
        if (const auto day = r.string(e, p, u"quoted_on"); day && !day->trimmed().isEmpty()) {
            t.quotedOn = QDate::fromString(day->trimmed(), Qt::ISODate);
            if (!t.quotedOn.isValid() && !r.failed())
                r.fail(JsonReader::join(p, QStringLiteral("quoted_on")), e.value(QStringLiteral("quoted_on")),
                       ScenarioText::tr("is not a date (the day of the quote, 2026-11-02)"));
        }
        a.commitments.append(t);
    }
    if (const auto u = r.share(o, path, u"expected_utilization", 0.01, 1))
        a.expectedUtilization = u;
    a.servingMonths = r.number(o, path, u"serving_months", 0.01, 120).value_or(a.servingMonths);
    a.servingAvailability = r.share(o, path, u"serving_availability", 0.5, 0.999999).value_or(a.servingAvailability);
    a.spotUsesMedianPrice = r.choice<bool>(o, path, u"spot_price", {{u"median", true}, {u"lowest", false}})
                                .value_or(a.spotUsesMedianPrice);
}

void readOwnership(JsonReader &r, const QJsonObject &o, Ownership &w)
{
    const QString path = QStringLiteral("ownership");
    r.checkKeys(o, path,
                {u"gpu", u"gpus", u"purchase_price", u"currency", u"depreciation_years", u"tdp_w", u"pue",
                 u"electricity_per_kwh", u"hosting_per_month", u"utilization"});
    w.enabled = true;
    w.gpu = r.string(o, path, u"gpu").value_or(QString());
    w.gpus = r.integer(o, path, u"gpus", 1, 1 << 20).value_or(w.gpus);
    const auto price = r.number(o, path, u"purchase_price");
    if (!price && !r.failed())
        r.fail(JsonReader::join(path, QStringLiteral("purchase_price")), ScenarioText::tr("missing"));
    w.purchasePrice = price.value_or(0);
    w.currency = r.string(o, path, u"currency").value_or(w.currency);
    w.depreciationYears = r.number(o, path, u"depreciation_years", 0.5, 20).value_or(w.depreciationYears);
    w.tdpW = r.number(o, path, u"tdp_w", 0, 100000).value_or(0);
    w.pue = r.number(o, path, u"pue", 1, 5).value_or(w.pue);
    w.electricityPerKwh = r.number(o, path, u"electricity_per_kwh").value_or(0);
    w.hostingPerMonth = r.number(o, path, u"hosting_per_month").value_or(0);
    w.utilization = r.number(o, path, u"utilization", 0.01, 1).value_or(w.utilization);
}

void readTimelineInstance(JsonReader &r, const QJsonObject &o, TimelineInstance &t)
{
    const QString path = QStringLiteral("timeline_instance");
    r.checkKeys(o, path, {u"provider", u"instance", u"region"});
    t.provider = r.string(o, path, u"provider").value_or(QString()).trimmed();
    t.instanceType = r.string(o, path, u"instance").value_or(QString()).trimmed();
    t.region = r.string(o, path, u"region").value_or(QString()).trimmed();
    if (!r.failed() && !t.isSet())
        r.fail(path, ScenarioText::tr("give provider, instance and region, or leave it out for the recommendation"));
}

} // namespace

PlanRequest Scenario::request() const
{
    PlanRequest r;
    r.workload = workload;
    r.constraints = constraints;
    r.assumptions = assumptions;
    r.displayCurrency = displayCurrency;
    r.rankBy = rankBy;
    r.useCalibration = useCalibration;
    return r;
}

Result<Scenario> parseScenario(const QByteArray &json, const QList<ModelPreset> &presets)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull())
        return Error{ScenarioText::tr("not JSON at offset %1: %2").arg(parseError.offset).arg(parseError.errorString())};
    if (!doc.isObject())
        return Error{ScenarioText::tr("(root): not a JSON object")};
    const QJsonObject root = doc.object();
    JsonReader r;
    Scenario s;
    if (root.contains(QStringLiteral("format")) && root.value(QStringLiteral("format")) != kFormat)
        r.fail(QStringLiteral("format"), root.value(QStringLiteral("format")), QStringLiteral("is not \"%1\"").arg(kFormat));
    if (!root.value(QStringLiteral("version")).isDouble())
        r.fail(QStringLiteral("version"), root.value(QStringLiteral("version")),
               ScenarioText::tr("is not a scenario version (this build reads version %1)").arg(kScenarioVersion));
    else if (root.value(QStringLiteral("version")).toDouble() != kScenarioVersion)
        r.fail(QStringLiteral("version"), root.value(QStringLiteral("version")),
               ScenarioText::tr("is not supported (this build reads version %1)").arg(kScenarioVersion));
    if (r.failed())
        return Error{r.error()};
    r.checkKeys(root, QString(),
                {u"format", u"version", u"name", u"description", u"display_currency", u"sort", u"workload",
                 u"constraints", u"phases", u"assumptions", u"ownership", u"calibration", u"project", u"priced_on", u"timeline_instance"});
    s.name = r.string(root, QString(), u"name").value_or(QString());
    s.description = r.string(root, QString(), u"description").value_or(QString());
    s.useCalibration = r.boolean(root, QString(), u"calibration").value_or(true);
    s.project = r.string(root, QString(), u"project").value_or(QString()).trimmed();
    // What the plan was priced on when saved (PlanRecord); read in full where it is compared.
    s.pricedOn = r.object(root, QString(), u"priced_on").value_or(QJsonObject());
    s.displayCurrency = r.string(root, QString(), u"display_currency").value_or(s.displayCurrency);
    if (!r.failed() && !isCurrencyCode(s.displayCurrency))
        r.fail(QStringLiteral("display_currency"), QJsonValue(s.displayCurrency), ScenarioText::tr("is not an ISO currency code"));
    s.rankBy = r.choice<RankBy>(root, QString(), u"sort",
                                {{u"cost", RankBy::Cost}, {u"time", RankBy::Time}, {u"risk", RankBy::Risk}})
                   .value_or(RankBy::Cost);
    const auto workload = r.object(root, QString(), u"workload");
    if (!workload && !r.failed())
        r.fail(QStringLiteral("workload"), ScenarioText::tr("missing"));
    if (r.failed())
        return Error{r.error()};
    s.workloadSpec = *workload;
    auto w = workloadFromJson(s.workloadSpec, presets);
    if (!w)
        return w.error();
    s.workload = w.value();
    if (const auto c = r.object(root, QString(), u"constraints"))
        readConstraints(r, *c, s.constraints, s.displayCurrency);
    if (const auto p = r.array(root, QString(), u"phases"))
        readPhases(r, *p, s.phases);
    if (const auto a = r.object(root, QString(), u"assumptions"))
        readAssumptions(r, *a, s.assumptions);
    if (const auto o = r.object(root, QString(), u"ownership"))
        readOwnership(r, *o, s.ownership);
    if (const auto t = r.object(root, QString(), u"timeline_instance"))
        readTimelineInstance(r, *t, s.timelineInstance);
    if (r.failed())
        return Error{r.error()};
    // The planned job (a main-run phase) runs on spot exactly when the plan may rent spot: one
    // setting, the constraints' billing models, for the plan and its timeline alike.
    for (Phase &p : s.phases) {
        if (p.load == PhaseLoad::MainRun)
            p.spotAllowed = s.constraints.allows(Billing::Spot);
    }
    // Serving: how long the model is served is one setting, the serving phase's months, which the
    // timeline draws; assumptions.serving_months counts only where no phase serves the plan.
    if (s.workload.kind == WorkloadKind::Inference) {
        const auto serving = std::find_if(s.phases.cbegin(), s.phases.cend(),
                                          [](const Phase &p) { return p.load == PhaseLoad::MainRun; });
        if (serving != s.phases.cend()) {
            s.assumptions.servingMonths = serving->months;
            s.assumptions.servingPhase = serving->name;
        }
    }
    return s;
}

Result<Scenario> loadScenario(const QString &path, const QList<ModelPreset> &presets)
{
    auto data = readBoundedFile(path, kMaxScenarioBytes);
    if (!data)
        return data.error();
    auto s = parseScenario(data.value(), presets);
    if (!s)
        return Error{QStringLiteral("%1: %2").arg(path, s.errorMessage())};
    return s;
}

Status saveScenario(const Scenario &scenario, const QString &path)
{
    SafeWriteOptions options;
    options.namedByUser = true;
    return writeFileSafely(path, QJsonDocument(scenarioToJson(scenario)).toJson(QJsonDocument::Indented), options);
}

} // namespace gpuplanner::core
