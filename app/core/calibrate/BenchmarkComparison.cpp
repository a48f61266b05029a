#include "core/calibrate/BenchmarkComparison.h"

#include "core/estimate/Estimator.h"
#include "core/io/CsvReader.h"
#include "core/plan/Planner.h"

#include <QFile>
#include <QJsonArray>
#include <QLocale>

#include <algorithm>

namespace gpuplanner::core {

namespace {

std::optional<double> positive(double v)
{
    return v > 0 ? std::optional<double>(v) : std::nullopt;
}

std::optional<double> specTflops(const GpuModel *g, const QString &dtype)
{
    if (!g)
        return std::nullopt;
    if (dtype == u"fp32")
        return g->fp32Tflops;
    if (dtype == u"tf32")
        return g->tf32Tflops;
    if (dtype == u"bf16")
        return g->bf16Tflops;
    if (dtype == u"fp16")
        return g->fp16Tflops;
    if (dtype == u"fp8")
        return g->fp8Tflops;
    return std::nullopt;
}

QList<BenchmarkRate> ratesOf(const ProbeResult &p, const GpuModel *g)
{
    const QString source = g ? QStringLiteral("catalog spec (%1)").arg(g->source.isEmpty() ? g->id : g->source) : QString();
    QList<BenchmarkRate> rates;
    for (const QString &dtype : {QStringLiteral("fp32"), QStringLiteral("tf32"), QStringLiteral("bf16"),
                                QStringLiteral("fp16"), QStringLiteral("fp8")}) {
        BenchmarkRate r{QStringLiteral("matmul_") + dtype, QStringLiteral("Matmul ") + dtype.toUpper(),
                        QStringLiteral("TFLOP/s"), std::nullopt, specTflops(g, dtype), source, {}};
        const auto it = std::find_if(p.matmul.begin(), p.matmul.end(), [&](const ProbeMatmul &m) { return m.dtype == dtype; });
        if (it == p.matmul.end())
            r.note = QStringLiteral("not measured");
        else if (!it->supported)
            r.note = it->reason.isEmpty() ? QStringLiteral("unsupported") : QStringLiteral("unsupported: ") + it->reason;
        else
            r.measured = positive(it->tflops);
        if (!r.spec)
            r.specSource.clear();
        rates << r;
    }
    auto add = [&](const QString &key, const QString &label, const QString &unit, std::optional<double> measured,
                   std::optional<double> spec, const QString &specSource) {
        BenchmarkRate r{key, label, unit, measured, spec, spec ? specSource : QString(), {}};
        if (!measured)
            r.note = QStringLiteral("not measured");
        rates << r;
    };
    add(QStringLiteral("memory_bandwidth"), QStringLiteral("Memory bandwidth"), QStringLiteral("GB/s"),
        positive(p.memoryBandwidthGbs), g ? g->memoryBandwidthGbs : std::nullopt, source);
    add(QStringLiteral("host_to_device"), QStringLiteral("Host to device"), QStringLiteral("GB/s"),
        p.hostToDeviceGbs ? positive(*p.hostToDeviceGbs) : std::nullopt, std::nullopt, {});
    add(QStringLiteral("all_reduce"), QStringLiteral("All-reduce bus bandwidth"), QStringLiteral("GB/s"),
        // Bus bandwidth (nccl-tests' busbw) moves one way per link: against the NVLink figure of one
        // direction, half the catalog's bidirectional one.
        p.allReduceBusGbs ? positive(*p.allReduceBusGbs) : std::nullopt,
        g && g->nvlinkGbs ? std::optional<double>(*g->nvlinkGbs / 2.0) : std::nullopt,
        g && g->nvlinkGbs ? QStringLiteral("catalog NVLink spec, one direction (%1 GB/s both ways; %2)")
                                .arg(*g->nvlinkGbs)
                                .arg(g->source.isEmpty() ? g->id : g->source)
                          : QString());
    // The probe's own step as the estimator predicts it from the uncalibrated spec.
    std::optional<double> predicted;
    if (g && p.training.tokensPerSecond > 0) {
        ClusterConfig c;
        c.gpu = gpuSpecFromModel(*g);
        const Estimate e = estimate(probeTrainingWorkload(p), c);
        if (e.fits && e.throughput > 0)
            predicted = e.throughput;
    }
    add(QStringLiteral("training"), QStringLiteral("Training"), QStringLiteral("tokens/s"),
        positive(p.training.tokensPerSecond), predicted,
        g ? QStringLiteral("estimate from the catalog spec (%1)").arg(g->source.isEmpty() ? g->id : g->source) : QString());
    add(QStringLiteral("resnet50"), QStringLiteral("ResNet-50"), QStringLiteral("images/s"),
        p.resnet50 ? positive(p.resnet50->imagesPerSecond) : std::nullopt, std::nullopt, {});
    return rates;
}

BenchmarkUnit unitOf(const Workload &w, bool scenario)
{
    switch (w.kind) {
    case WorkloadKind::Pretrain:
    case WorkloadKind::FineTune:
        return BenchmarkUnit::MillionTokens;
    case WorkloadKind::Vision:
        return BenchmarkUnit::Epoch;
    case WorkloadKind::Inference:
        return BenchmarkUnit::MillionOutputTokens;
    case WorkloadKind::Measured:
        break;
    }
    Q_UNUSED(scenario);
    return BenchmarkUnit::Run;
}

double unitsPerRun(const Workload &w, BenchmarkUnit u)
{
    switch (u) {
    case BenchmarkUnit::MillionTokens:
        return std::max(1e-12, w.training.tokens * std::max(1.0, w.training.epochs) / 1e6);
    case BenchmarkUnit::Epoch:
        return std::max(1e-12, w.vision.epochs);
    default:
        return 1;
    }
}

Workload probeStepFor(const ProbeResult &p)
{
    Workload w = probeTrainingWorkload(p);
    w.training.tokens = kBenchmarkProbeTokens;
    return w;
}

std::optional<double> rateValue(const BenchmarkDevice &d, const QString &key)
{
    for (const BenchmarkRate &r : d.rates)
        if (r.key == key)
            return r.measured;
    return std::nullopt;
}

QString decidingKey(BenchmarkUnit unit, const BenchmarkDevice &a, const BenchmarkDevice &b)
{
    if (unit == BenchmarkUnit::MillionOutputTokens)
        return QStringLiteral("memory_bandwidth");
    if (unit == BenchmarkUnit::Epoch && rateValue(a, QStringLiteral("resnet50")) && rateValue(b, QStringLiteral("resnet50")))
        return QStringLiteral("resnet50");
    if (unit == BenchmarkUnit::Epoch)
        return QStringLiteral("matmul_bf16");
    return QStringLiteral("training");
}

} // namespace

QString benchmarkUnitId(BenchmarkUnit u)
{
    switch (u) {
    case BenchmarkUnit::Run: return QStringLiteral("run");
    case BenchmarkUnit::MillionTokens: return QStringLiteral("million_tokens");
    case BenchmarkUnit::Epoch: return QStringLiteral("epoch");
    case BenchmarkUnit::MillionOutputTokens: return QStringLiteral("million_output_tokens");
    }
    return QStringLiteral("run");
}

Result<BenchmarkRun> readBenchmarkRun(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("%1: cannot read: %2").arg(path, f.errorString())};
    auto probe = parseProbeResult(f.readAll(), path);
    if (!probe)
        return probe.error();
    return BenchmarkRun{path, std::move(probe).value()};
}

Result<BenchmarkComparison> compareBenchmarks(const BenchmarkRequest &in)
{
    BenchmarkComparison out;
    out.scenarioWorkload = in.scenarioWorkload;
    out.scenarioName = in.scenarioName;
    out.currency = in.request.displayCurrency;
    out.top = std::max(1, in.top);
    out.offers = in.offers;
    const Workload scenarioWork = in.request.workload;
    out.unit = in.scenarioWorkload ? unitOf(scenarioWork, true) : BenchmarkUnit::MillionTokens;
    out.unitsPerRun = in.scenarioWorkload ? unitsPerRun(scenarioWork, out.unit) : kBenchmarkProbeTokens / 1e6;
    out.workloadLabel = in.scenarioWorkload
        ? QStringLiteral("the scenario \"%1\"").arg(in.scenarioName)
        : QStringLiteral("each run's own training step for %1 tokens").arg(QLocale::c().toString(kBenchmarkProbeTokens, 'g', 3));

    Planner planner;
    planner.setCatalog(in.offers, in.gpus, in.providers);
    for (const BenchmarkRun &run : in.runs) {
        BenchmarkDevice d;
        d.sourceFile = run.sourceFile;
        d.probe = run.probe;
        d.measuredSource = QStringLiteral("measured by the probe on %1, %2")
                               .arg(run.probe.host, run.probe.startedAt.date().toString(Qt::ISODate));
        const GpuModel *g = nullptr;
        if (!run.probe.isCpu()) {
            auto id = matchProbeGpu(run.probe, in.gpus, {}, run.sourceFile);
            if (!id)
                return id.error();
            d.gpuId = id.value();
            g = planner.gpuModel(d.gpuId);
            if (g)
                d.gpuSpecSource = g->source;
            // The same plausibility as `calibrate import`: a run the GPU cannot have measured
            // would rank offers on figures no one will see when renting.
            if (g) {
                if (auto plausible = checkProbeAgainstSpec(run.probe, *g, run.sourceFile); !plausible)
                    return plausible.error();
            }
        }
        d.rates = ratesOf(run.probe, g);
        if (run.probe.isCpu() || !g) {
            d.noOffers = QStringLiteral("host CPU \u2014 no catalog offers");
            out.devices << d;
            continue;
        }
        Calibration cal;
        cal.gpuId = d.gpuId;
        cal.probe = run.probe;
        cal.sourceFile = run.sourceFile;
        planner.setCalibrations(CalibrationSet({cal}, in.gpus));
        d.calibrationNote = calibrationNote(cal);
        PlanRequest request = in.request;
        if (!in.scenarioWorkload) {
            request.workload = probeStepFor(run.probe);
            request.constraints = Constraints{};
        }
        request.useCalibration = true;
        request.constraints.gpus = {d.gpuId};
        request.constraints.billing = {Billing::OnDemand};
        const double units = in.scenarioWorkload ? out.unitsPerRun : unitsPerRun(request.workload, out.unit);
        const PlanResult &r = planner.plan(request);
        const Constraints &c = request.constraints;
        const bool hasLimits = c.deadlineHours > 0 || c.budget > 0;
        for (int i = 0; i < r.usable; ++i) {
            const PlanOption &o = r.options[std::size_t(i)];
            if (o.billing != Billing::OnDemand)
                continue;
            const Offer &offer = planner.offer(o);
            BenchmarkOffer b;
            b.offer = o.offer;
            b.provider = offer.provider;
            b.providerName = offer.providerLabel();
            b.instanceType = offer.instanceType;
            b.region = offer.region;
            b.instances = o.instances;
            b.gpus = o.gpus;
            b.pricePerHour = o.pricePerHour;
            b.pricePerGpuHour = offer.gpuCount > 0 ? o.pricePerHour / offer.gpuCount : 0;
            b.hours = o.timeP50 > 0 ? o.timeP50 : o.hours;
            b.cost = o.cost;
            b.costPerUnit = out.unit == BenchmarkUnit::MillionOutputTokens && o.costPerMillionOutputTokens > 0
                ? o.costPerMillionOutputTokens
                : o.cost / units;
            b.meetsConstraints = !hasLimits || o.pMeetBoth + 1e-9 >= c.confidence;
            ++d.offersTotal;
            if (!b.meetsConstraints)
                ++d.offersNotMeeting;
            d.offers << b;
        }
        std::stable_sort(d.offers.begin(), d.offers.end(), [](const BenchmarkOffer &a, const BenchmarkOffer &b) {
            if (a.meetsConstraints != b.meetsConstraints)
                return a.meetsConstraints;
            return a.costPerUnit < b.costPerUnit;
        });
        if (d.offers.size() > out.top)
            d.offers.resize(out.top);
        if (d.offers.isEmpty())
            d.noOffers = QStringLiteral("no usable on-demand offer of %1 in the catalog").arg(d.gpuId);
        out.devices << d;
    }

    // The cheapest per unit that meets the constraints, and the next one.
    QList<BenchmarkPick> ranked;
    for (int di = 0; di < out.devices.size(); ++di)
        for (int oi = 0; oi < out.devices.at(di).offers.size(); ++oi)
            if (out.devices.at(di).offers.at(oi).meetsConstraints)
                ranked << BenchmarkPick{di, oi};
    auto perUnit = [&](const BenchmarkPick &p) { return out.devices.at(p.device).offers.at(p.offer).costPerUnit; };
    std::stable_sort(ranked.begin(), ranked.end(), [&](const BenchmarkPick &a, const BenchmarkPick &b) {
        return perUnit(a) < perUnit(b);
    });
    BenchmarkWinner &w = out.winner;
    if (!ranked.isEmpty())
        w.best = ranked.at(0);
    if (ranked.size() > 1) {
        w.runnerUp = ranked.at(1);
        w.margin = perUnit(w.runnerUp) - perUnit(w.best);
        w.marginShare = perUnit(w.runnerUp) > 0 ? w.margin / perUnit(w.runnerUp) : 0;
        const BenchmarkDevice &a = out.devices.at(w.best.device);
        const BenchmarkDevice &b = out.devices.at(w.runnerUp.device);
        w.sameGpu = a.gpuId == b.gpuId;
        w.decidingKey = decidingKey(out.unit, a, b);
        w.decidingWinner = rateValue(a, w.decidingKey);
        w.decidingRunnerUp = rateValue(b, w.decidingKey);
    } else if (w.best.valid()) {
        w.decidingKey = decidingKey(out.unit, out.devices.at(w.best.device), out.devices.at(w.best.device));
        w.decidingWinner = rateValue(out.devices.at(w.best.device), w.decidingKey);
    }
    return out;
}

namespace {

QString num(std::optional<double> v)
{
    return v ? QLocale::c().toString(*v, 'g', 6) : QString();
}

} // namespace

QString benchmarkToCsv(const BenchmarkComparison &c)
{
    QStringList lines;
    lines << QStringLiteral("section,device,host,date,probe_version,gpu_model,item,measured,spec,measured_share_of_spec,"
                            "unit,source,provider,instance_type,region,gpus,price_per_gpu_hour,hours_per_run,cost_per_run,"
                            "cost_per_unit,currency,meets_constraints,winner");
    auto row = [&](const QStringList &fields) {
        QStringList escaped;
        for (const QString &f : fields)
            escaped << csvEscape(f);
        lines << escaped.join(u',');
    };
    for (int di = 0; di < c.devices.size(); ++di) {
        const BenchmarkDevice &d = c.devices.at(di);
        const QStringList head{d.probe.deviceLabel(), d.probe.host, d.probe.startedAt.date().toString(Qt::ISODate),
                               d.probe.probeVersion, d.gpuId};
        for (const BenchmarkRate &r : d.rates)
            row(QStringList{QStringLiteral("rate")} + head
                + QStringList{r.key, num(r.measured), num(r.spec), num(r.share()), r.unit,
                              r.measured ? d.measuredSource + (r.spec ? QStringLiteral("; ") + r.specSource : QString())
                                         : r.note,
                              {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}});
        if (d.offers.isEmpty())
            row(QStringList{QStringLiteral("offer")} + head
                + QStringList{QStringLiteral("none"), {}, {}, {}, {}, d.noOffers, {}, {}, {}, {}, {}, {}, {}, {}, c.currency,
                              {}, {}});
        for (int oi = 0; oi < d.offers.size(); ++oi) {
            const BenchmarkOffer &o = d.offers.at(oi);
            const bool winner = c.winner.best.device == di && c.winner.best.offer == oi;
            row(QStringList{QStringLiteral("offer")} + head
                + QStringList{benchmarkUnitId(c.unit), {}, {}, {}, {}, d.calibrationNote, o.providerName, o.instanceType,
                              o.region, QString::number(o.gpus), num(o.pricePerGpuHour), num(o.hours), num(o.cost),
                              num(o.costPerUnit), c.currency, o.meetsConstraints ? QStringLiteral("yes") : QStringLiteral("no"),
                              winner ? QStringLiteral("yes") : QStringLiteral("no")});
        }
    }
    return lines.join(u'\n') + u'\n';
}

QJsonObject benchmarkToJson(const BenchmarkComparison &c)
{
    auto opt = [](std::optional<double> v) { return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null); };
    QJsonArray devices;
    for (const BenchmarkDevice &d : c.devices) {
        QJsonArray rates;
        for (const BenchmarkRate &r : d.rates)
            rates.append(QJsonObject{{QStringLiteral("key"), r.key}, {QStringLiteral("label"), r.label},
                                     {QStringLiteral("unit"), r.unit}, {QStringLiteral("measured"), opt(r.measured)},
                                     {QStringLiteral("spec"), opt(r.spec)}, {QStringLiteral("share_of_spec"), opt(r.share())},
                                     {QStringLiteral("spec_source"), r.specSource}, {QStringLiteral("note"), r.note}});
        QJsonArray offers;
        for (const BenchmarkOffer &o : d.offers)
            offers.append(QJsonObject{{QStringLiteral("provider"), o.provider}, {QStringLiteral("provider_name"), o.providerName},
                                      {QStringLiteral("instance_type"), o.instanceType}, {QStringLiteral("region"), o.region},
                                      {QStringLiteral("instances"), o.instances}, {QStringLiteral("gpus"), o.gpus},
                                      {QStringLiteral("price_per_hour"), o.pricePerHour},
                                      {QStringLiteral("price_per_gpu_hour"), o.pricePerGpuHour},
                                      {QStringLiteral("hours_per_run"), o.hours}, {QStringLiteral("cost_per_run"), o.cost},
                                      {QStringLiteral("cost_per_unit"), o.costPerUnit},
                                      {QStringLiteral("meets_constraints"), o.meetsConstraints}});
        devices.append(QJsonObject{
            {QStringLiteral("source_file"), d.sourceFile}, {QStringLiteral("device"), d.probe.deviceLabel()},
            {QStringLiteral("host"), d.probe.host}, {QStringLiteral("date"), d.probe.startedAt.toString(Qt::ISODate)},
            {QStringLiteral("probe_version"), d.probe.probeVersion}, {QStringLiteral("gpu_model"), d.gpuId},
            {QStringLiteral("measured_source"), d.measuredSource}, {QStringLiteral("calibration"), d.calibrationNote},
            {QStringLiteral("rates"), rates}, {QStringLiteral("offers"), offers},
            {QStringLiteral("offers_total"), d.offersTotal}, {QStringLiteral("no_offers"), d.noOffers}});
    }
    QJsonObject o{{QStringLiteral("currency"), c.currency},
                  {QStringLiteral("workload"), c.workloadLabel},
                  {QStringLiteral("unit"), benchmarkUnitId(c.unit)},
                  {QStringLiteral("top"), c.top},
                  {QStringLiteral("devices"), devices}};
    if (c.winner.best.valid()) {
        const BenchmarkDevice &d = c.devices.at(c.winner.best.device);
        const BenchmarkOffer &b = d.offers.at(c.winner.best.offer);
        QJsonObject w{{QStringLiteral("device"), d.probe.deviceLabel()}, {QStringLiteral("gpu_model"), d.gpuId},
                      {QStringLiteral("provider_name"), b.providerName}, {QStringLiteral("instance_type"), b.instanceType},
                      {QStringLiteral("region"), b.region}, {QStringLiteral("cost_per_unit"), b.costPerUnit},
                      {QStringLiteral("deciding_figure"), c.winner.sameGpu ? QStringLiteral("price_per_gpu_hour") : c.winner.decidingKey},
                      {QStringLiteral("deciding_measured"), opt(c.winner.decidingWinner)}};
        if (c.winner.runnerUp.valid()) {
            const BenchmarkOffer &r = c.devices.at(c.winner.runnerUp.device).offers.at(c.winner.runnerUp.offer);
            w.insert(QStringLiteral("runner_up"), QJsonObject{{QStringLiteral("provider_name"), r.providerName},
                                                              {QStringLiteral("instance_type"), r.instanceType},
                                                              {QStringLiteral("region"), r.region},
                                                              {QStringLiteral("cost_per_unit"), r.costPerUnit}});
            w.insert(QStringLiteral("margin"), c.winner.margin);
            w.insert(QStringLiteral("margin_share"), c.winner.marginShare);
        }
        o.insert(QStringLiteral("winner"), w);
    } else {
        o.insert(QStringLiteral("winner"), QJsonValue(QJsonValue::Null));
    }
    return o;
}

} // namespace gpuplanner::core
