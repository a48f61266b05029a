#include "EstimateCommand.h"

#include "CatalogSession.h"
#include "Cli.h"

#include "core/common/Redact.h"
#include "core/io/BoundedFile.h"
#include "core/plan/InputLimits.h"
#include "core/estimate/CampaignTerms.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/Explain.h"
#include "core/estimate/InstancePlanner.h"
#include "core/estimate/MemoryModel.h"
#include "core/estimate/ModelPresets.h"
#include "core/estimate/Quantity.h"
#include "core/plan/Scenario.h"
#include "core/calibrate/Calibration.h"
#include "db/CalibrationStore.h"
#include "db/SqliteCatalogRepository.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <optional>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {

// A usage problem: the flag and the value at fault.
struct UsageError
{
    QString message;
};

struct Option
{
    const char16_t *name;
    const char16_t *help;
    const char16_t *value; // nullptr: a switch
};

// Every option once; the help text lists them in this order.
constexpr Option kOptions[] = {
    {u"catalog", u"Catalog database file.", u"PATH"},
    {u"scenario", u"Scenario file (versioned, as for `plan`) or JSON keyed by these option names; flags win.", u"FILE"},
    {u"task", u"pretrain, finetune, lora, qlora, vision, inference or measured.", u"KIND"},
    {u"model", u"Preset id (llama-2-7b, llama-3.1-70b, resnet-50, ...).", u"ID"},
    {u"params", u"Parameter count (13e9, 7B).", u"N"},
    {u"active-params", u"Active parameters per token for mixture-of-experts.", u"N"},
    {u"layers", u"Transformer layers.", u"N"},
    {u"hidden", u"Hidden size.", u"N"},
    {u"heads", u"Attention heads.", u"N"},
    {u"kv-heads", u"Key/value heads (grouped-query attention).", u"N"},
    {u"ffn", u"MLP inner size (default 4 x hidden).", u"N"},
    {u"gated-mlp", u"SwiGLU-style MLP with three matrices (Llama family).", nullptr},
    {u"vocab", u"Vocabulary size.", u"N"},
    {u"seq-len", u"Sequence length.", u"N"},
    {u"tokens", u"Training tokens per epoch (2T, 300B).", u"N"},
    {u"epochs", u"Epochs.", u"N"},
    {u"samples", u"Vision: samples per epoch (1.28M).", u"N"},
    {u"flops-per-sample", u"Vision: real FLOPs of one forward pass (2 x multiply-adds).", u"N"},
    {u"batch", u"Global batch in sequences (or samples for vision).", u"N"},
    {u"batch-tokens", u"Global batch in tokens (16M); converted to sequences.", u"N"},
    {u"experts", u"Mixture-of-experts: routed experts per layer.", u"N"},
    {u"experts-per-token", u"Mixture-of-experts: experts each token visits (top-k).", u"N"},
    {u"expert-overlap",
     u"Mixture-of-experts: none (default; Megatron-Core's default schedule) or full (the stack runs dispatch and combine "
     u"beside another micro-batch's computation: DeepSeek-V3's DualPipe, Megatron-Core --overlap-moe-expert-parallel-comm).",
     u"O"},
    {u"stack",
     u"Pre-training campaign: tuned (a stack already run at this scale), generic (default: generic, or a first time at "
     u"this scale) or mfu=0.42 (your stack's measured MFU).",
     u"S"},
    {u"failure-handling", u"Pre-training campaign: automatic (failures detected and restarted by tooling) or manual (default).",
     u"H"},
    {u"first-run", u"Pre-training campaign: yes (default: first run of this architecture at a quarter of this size or more) or no.",
     u"Y"},
    {u"spare-capacity", u"Pre-training campaign: spare GPUs paid for, in % of those used (default 0).", u"PCT"},
    {u"micro-batch", u"Sequences per GPU per forward pass.", u"N"},
    {u"precision", u"fp32, tf32, bf16, fp16 or fp8.", u"P"},
    {u"optimizer", u"adamw, adam8bit or sgd.", u"O"},
    {u"recompute", u"auto, none, selective or full.", u"R"},
    {u"zero", u"auto, 0, 1, 2, 3 or fsdp.", u"Z"},
    {u"lora-rank", u"LoRA rank.", u"R"},
    {u"lora-targets", u"Adapted matrices per layer (4 = q,k,v,o).", u"N"},
    {u"weights", u"Inference weights: bf16, fp8, int8 or int4.", u"P"},
    {u"kv-cache", u"Inference KV cache: bf16, fp8 or int8.", u"P"},
    {u"prompt-tokens", u"Inference: prompt tokens per request.", u"N"},
    {u"output-tokens", u"Inference: output tokens per request.", u"N"},
    {u"rps", u"Inference demand in requests per second.", u"N"},
    {u"tokens-per-second", u"Inference demand in output tokens per second.", u"N"},
    {u"ttft", u"Time-to-first-token target in seconds (0.5, 500ms).", u"T"},
    {u"tpot", u"Time-per-output-token target in seconds (0.05, 50ms).", u"T"},
    {u"tp", u"Tensor-parallel GPUs: training, the group size you run; inference, GPUs per replica; default chosen.", u"N"},
    {u"pp", u"Training: pipeline stages you run (default chosen).", u"N"},
    {u"no-flash-attention", u"Training: the stack has no FlashAttention (attention scores go through memory).", nullptr},
    {u"engine", u"Inference: tuned (TensorRT-LLM class, default) or general (vLLM defaults).", u"E"},
    {u"engine-efficiency", u"Inference: your engine's rate as a fraction of the tuned engine's.", u"X"},
    {u"max-batch", u"Inference: concurrent sequences per replica (default: the engine's).", u"N"},
    {u"measured-throughput", u"Measured: items per second on the reference configuration.", u"X"},
    {u"measured-gpu", u"Measured: the reference GPU.", u"ID"},
    {u"measured-gpus", u"Measured: GPUs in the reference configuration.", u"N"},
    {u"bound", u"Measured: compute or memory (what limits it).", u"B"},
    {u"items", u"Measured: items (tokens or samples) to process.", u"N"},
    {u"item-unit", u"Measured: tokens (default) or samples, what the rate and items count.", u"U"},
    {u"gpu", u"GPU model id or alias (A100-80GB, H100).", u"ID"},
    {u"gpus", u"Total GPUs (default: planned from --deadline or scaling).", u"N"},
    {u"gpus-per-instance", u"GPUs per instance (default: 8, or --gpus when fewer).", u"N"},
    {u"interconnect", u"nvswitch, nvlink-bridge or pcie (default from the GPU).", u"L"},
    {u"network", u"ib, efa, roce or tcp.", u"N"},
    {u"network-gbps", u"Network per instance in Gb/s.", u"G"},
    {u"vcpus", u"vCPUs per instance (vision: the data loaders' ceiling; default unknown, not checked).", u"N"},
    {u"host-memory", u"Host RAM per instance in GiB.", u"GIB"},
    {u"gpu-decode", u"Vision: images decoded on the GPU (DALI), so the CPUs do not bind.", nullptr},
    {u"deadline", u"Plan the fewest instances that finish within this (30d, 12h).", u"T"},
    {u"mfu", u"Override the efficiency (fraction of peak).", u"X"},
    {u"goodput", u"Override the whole goodput (fraction of wall time).", u"X"},
    {u"failure-rate", u"Goodput: interruptions per GPU-hour (default by GPU generation).", u"X"},
    {u"restart-minutes", u"Goodput: minutes to restart after an interruption (default 10).", u"M"},
    {u"checkpoint-gbps", u"Goodput: checkpoint write GB/s per instance (default 1).", u"G"},
    {u"checkpoint-every", u"Goodput: checkpoint interval (default: Young's optimum).", u"T"},
    {u"eval-share", u"Goodput: share of time spent on evaluation.", u"X"},
    {u"slowdown-share", u"Goodput: share lost to slow-downs.", u"X"},
    {u"startup-minutes", u"Fixed start-up per run in minutes (default 10).", u"M"},
    {u"calibration", u"Estimate on the device of this stored probe run (see `calibrate list`); a host-CPU run too.", u"ID"},
    {u"no-calibration", u"Ignore stored probe runs (default: a run on --gpu, or the nearest one scaled, calibrates it).", nullptr},
    {u"format", u"table or json.", u"F"},
};

class Args
{
public:
    explicit Args(const QCommandLineParser &p) : m_parser(p) {}

    bool has(const char16_t *name) const { return m_parser.isSet(QString::fromUtf16(name)) || m_scenario.contains(QString::fromUtf16(name)); }
    QString text(const char16_t *name) const
    {
        const QString key = QString::fromUtf16(name);
        if (m_parser.isSet(key))
            return m_parser.value(key);
        return m_scenario.value(key).toVariant().toString();
    }
    double count(const char16_t *name, double fallback)
    {
        if (!has(name))
            return fallback;
        auto v = parseCount(text(name));
        if (!v) {
            fail(name, v.errorMessage());
            return fallback;
        }
        return inRange(name, v.value()) ? v.value() : fallback;
    }
    double seconds(const char16_t *name)
    {
        if (!has(name))
            return 0;
        const auto v = parseDurationSeconds(text(name));
        if (!v) {
            fail(name, QStringLiteral("%1 is not a duration in seconds").arg(quoteValue(text(name))));
            return 0;
        }
        return inRange(name, *v) ? *v : 0;
    }
    // A duration in hours ("30d", "12h"); 0 when the flag is absent.
    double hours(const char16_t *name)
    {
        if (!has(name))
            return 0;
        auto d = parseDurationHours(text(name));
        if (!d) {
            fail(name, d.errorMessage());
            return 0;
        }
        return d.value();
    }
    // The same ranges as scenario files (InputLimits), by the flag's snake_case name.
    bool inRange(const char16_t *name, double v)
    {
        const InputRange range = inputRange(QString::fromUtf16(name).replace(u'-', u'_'));
        if (std::isfinite(v) && v >= range.min && v <= range.max)
            return true;
        fail(name, QStringLiteral("%1 is outside %2 to %3")
                       .arg(quoteValue(text(name)), QString::number(range.min, 'g', 12), QString::number(range.max, 'g', 12)));
        return false;
    }
    template<typename E>
    E choice(const char16_t *name, E fallback, std::initializer_list<std::pair<const char16_t *, E>> values)
    {
        if (!has(name))
            return fallback;
        const QString t = text(name).toLower();
        QStringList known;
        for (const auto &[id, value] : values) {
            if (t == QStringView(id))
                return value;
            known << QString::fromUtf16(id);
        }
        fail(name, QStringLiteral("'%1' is not one of %2").arg(text(name), known.join(QStringLiteral(", "))));
        return fallback;
    }
    void fail(const char16_t *name, const QString &why)
    {
        if (!m_error)
            m_error = UsageError{QStringLiteral("--%1: %2").arg(QString::fromUtf16(name), why)};
    }
    const std::optional<UsageError> &error() const { return m_error; }
    void setScenario(QJsonObject o) { m_scenario = std::move(o); }

private:
    const QCommandLineParser &m_parser;
    QJsonObject m_scenario;
    std::optional<UsageError> m_error;
};

TransformerArch archFrom(Args &a, TransformerArch m)
{
    m.params = a.count(u"params", m.params);
    m.activeParams = a.count(u"active-params", m.activeParams);
    m.experts = int(a.count(u"experts", m.experts));
    m.expertsPerToken = int(a.count(u"experts-per-token", m.expertsPerToken));
    m.layers = int(a.count(u"layers", m.layers));
    m.hidden = int(a.count(u"hidden", m.hidden));
    m.heads = int(a.count(u"heads", m.heads));
    m.kvHeads = int(a.count(u"kv-heads", m.kvHeads));
    m.ffn = int(a.count(u"ffn", m.ffn));
    m.vocab = int(a.count(u"vocab", m.vocab));
    m.seqLen = int(a.count(u"seq-len", m.seqLen));
    if (a.has(u"gated-mlp"))
        m.gatedMlp = true;
    if (m.params <= 0 && m.hasShape())
        m.params = parameterCount(m);
    return m;
}

StoragePrecision storage(Args &a, const char16_t *name)
{
    return a.choice<StoragePrecision>(name, StoragePrecision::Bf16,
                                      {{u"bf16", StoragePrecision::Bf16}, {u"fp16", StoragePrecision::Bf16},
                                       {u"fp8", StoragePrecision::Fp8}, {u"int8", StoragePrecision::Int8},
                                       {u"int4", StoragePrecision::Int4}});
}

// Builds the workload from flags; preset may be null.
Workload workloadFrom(Args &a, const ModelPreset *preset)
{
    Workload w;
    w.kind = a.choice<WorkloadKind>(u"task", preset && preset->vision ? WorkloadKind::Vision : WorkloadKind::Pretrain,
                                    {{u"pretrain", WorkloadKind::Pretrain}, {u"finetune", WorkloadKind::FineTune},
                                     {u"lora", WorkloadKind::FineTune}, {u"qlora", WorkloadKind::FineTune},
                                     {u"vision", WorkloadKind::Vision}, {u"inference", WorkloadKind::Inference},
                                     {u"measured", WorkloadKind::Measured}});
    const QString task = a.text(u"task").toLower();
    w.training.method = task == u"lora" ? FineTuneMethod::Lora
                                        : (task == u"qlora" ? FineTuneMethod::Qlora : FineTuneMethod::Full);
    w.model = archFrom(a, preset && !preset->vision ? preset->arch : TransformerArch{});
    TrainingSetup &t = w.training;
    t.tokens = a.count(u"tokens", 0);
    t.epochs = a.count(u"epochs", 1);
    t.globalBatch = int(a.count(u"batch", 0));
    if (a.has(u"batch-tokens") && w.model.seqLen > 0)
        t.globalBatch = int(std::clamp(std::round(a.count(u"batch-tokens", 0) / w.model.seqLen), 1.0,
                                       inputRange(u"batch").max));
    t.microBatch = int(a.count(u"micro-batch", 0));
    t.tensorParallel = int(a.count(u"tp", 0));
    t.pipelineParallel = int(a.count(u"pp", 0));
    t.flashAttention = !a.has(u"no-flash-attention");
    const TrainPrecision precision = a.choice<TrainPrecision>(
        u"precision", TrainPrecision::Mixed,
        {{u"fp32", TrainPrecision::Fp32}, {u"tf32", TrainPrecision::Tf32}, {u"bf16", TrainPrecision::Mixed},
         {u"fp16", TrainPrecision::Fp16Mixed}, {u"fp8", TrainPrecision::Fp8}});
    t.precision = precision;
    t.optimizer = a.choice<Optimizer>(u"optimizer", Optimizer::AdamW,
                                      {{u"adamw", Optimizer::AdamW}, {u"adam", Optimizer::AdamW},
                                       {u"adam8bit", Optimizer::Adam8bit}, {u"sgd", Optimizer::SgdMomentum}});
    t.recompute = a.choice<Recompute>(u"recompute", Recompute::Auto,
                                      {{u"auto", Recompute::Auto}, {u"none", Recompute::None},
                                       {u"selective", Recompute::Selective}, {u"full", Recompute::Full}});
    t.sharding = a.choice<Sharding>(u"zero", Sharding::Auto,
                                    {{u"auto", Sharding::Auto}, {u"0", Sharding::None}, {u"1", Sharding::Zero1},
                                     {u"2", Sharding::Zero2}, {u"3", Sharding::Zero3}, {u"fsdp", Sharding::Zero3}});
    t.expertOverlap = a.choice<ExpertOverlap>(u"expert-overlap", ExpertOverlap::Default,
                                              {{u"none", ExpertOverlap::None}, {u"full", ExpertOverlap::Full}});
    CampaignTerms &ct = t.campaign;
    if (a.has(u"stack") && !parseStack(a.text(u"stack"), ct.stack, ct.measuredMfu))
        a.fail(u"stack", QStringLiteral("%1 is not tuned, generic or mfu=<measured MFU, 0 to 1>").arg(quoteValue(a.text(u"stack"))));
    ct.failureHandling = a.choice<FailureHandling>(u"failure-handling", FailureHandling::Default,
                                                   {{u"automatic", FailureHandling::Automatic}, {u"manual", FailureHandling::Manual}});
    ct.firstRun = a.choice<FirstRun>(u"first-run", FirstRun::Default, {{u"yes", FirstRun::Yes}, {u"no", FirstRun::No}});
    if (a.has(u"spare-capacity"))
        ct.spareCapacityPercent = a.count(u"spare-capacity", -1);
    t.loraRank = int(a.count(u"lora-rank", t.loraRank));
    t.loraTargetsPerLayer = int(a.count(u"lora-targets", t.loraTargetsPerLayer));

    VisionSetup &v = w.vision;
    v.params = a.count(u"params", preset && preset->vision ? preset->visionParams : 0);
    v.forwardFlopsPerSample = a.count(u"flops-per-sample", preset ? preset->forwardFlops : 0);
    v.depthwiseSeparable = preset && preset->depthwiseSeparable;
    if (preset && preset->resolution > 0)
        v.resolution = preset->resolution;
    v.gpuDecode = a.has(u"gpu-decode");
    v.samples = a.count(u"samples", 0);
    v.epochs = t.epochs;
    v.batch = t.globalBatch;
    v.precision = precision;
    v.optimizer = a.has(u"optimizer") ? t.optimizer : Optimizer::SgdMomentum;

    InferenceSetup &inf = w.inference;
    inf.weights = storage(a, u"weights");
    inf.kvCache = storage(a, u"kv-cache");
    inf.promptTokens = a.count(u"prompt-tokens", inf.promptTokens);
    inf.outputTokens = a.count(u"output-tokens", inf.outputTokens);
    inf.requestsPerSecond = a.count(u"rps", 0);
    inf.outputTokensPerSecond = a.count(u"tokens-per-second", 0);
    inf.ttftTargetS = a.seconds(u"ttft");
    inf.tpotTargetS = a.seconds(u"tpot");
    inf.tensorParallel = t.tensorParallel; // --tp: the same flag for both
    inf.maxBatch = int(a.count(u"max-batch", 0));
    inf.engine = a.choice<ServingEngine>(u"engine", ServingEngine::Tuned,
                                         {{u"tuned", ServingEngine::Tuned}, {u"general", ServingEngine::General}});
    inf.engineEfficiency = a.count(u"engine-efficiency", 0);

    w.efficiencyOverride = a.count(u"mfu", 0);
    w.goodputOverride = a.count(u"goodput", 0);
    GoodputSetup &g = w.goodput;
    g.failuresPerGpuHour = a.count(u"failure-rate", 0);
    if (a.has(u"restart-minutes"))
        g.restartHours = a.count(u"restart-minutes", 0) / 60.0;
    g.checkpointGBpsPerInstance = a.count(u"checkpoint-gbps", 0);
    g.checkpointIntervalHours = a.hours(u"checkpoint-every");
    if (a.has(u"eval-share"))
        g.evaluationShare = a.count(u"eval-share", 0);
    if (a.has(u"slowdown-share"))
        g.slowdownShare = a.count(u"slowdown-share", 0);
    if (a.has(u"startup-minutes"))
        w.startupHours = a.count(u"startup-minutes", 0) / 60.0;
    return w;
}

// Which flags the chosen task cannot do without.
void checkRequired(Args &a, const Workload &w)
{
    switch (w.kind) {
    case WorkloadKind::Pretrain:
    case WorkloadKind::FineTune:
        if (!w.model.hasShape() || w.model.seqLen <= 0)
            a.fail(u"model", QStringLiteral("give a preset or --params with --layers, --hidden, --heads and --seq-len"));
        if (w.training.tokens <= 0)
            a.fail(u"tokens", QStringLiteral("training needs a token count"));
        break;
    case WorkloadKind::Vision:
        if (w.vision.forwardFlopsPerSample <= 0)
            a.fail(u"flops-per-sample", QStringLiteral("vision needs the forward FLOPs per sample"));
        if (w.vision.samples <= 0)
            a.fail(u"samples", QStringLiteral("vision needs a sample count"));
        break;
    case WorkloadKind::Inference:
        if (!w.model.hasShape())
            a.fail(u"model", QStringLiteral("inference needs a preset or a custom shape"));
        break;
    case WorkloadKind::Measured:
        if (w.measured.referenceThroughput <= 0)
            a.fail(u"measured-throughput", QStringLiteral("measured scaling needs the measured rate"));
        if (w.measured.items <= 0)
            a.fail(u"items", QStringLiteral("measured scaling needs the item count"));
        break;
    }
}

Result<GpuModel> findGpu(db::SqliteCatalogRepository *repo, const QString &name, const char16_t *flag)
{
    auto id = repo->resolveGpu(name);
    if (!id)
        return Error{QStringLiteral("--%1: %2").arg(QString::fromUtf16(flag), id.errorMessage())};
    auto models = repo->gpuModels();
    if (!models)
        return models.error();
    for (const GpuModel &g : models.value()) {
        if (g.id == id.value())
            return g;
    }
    return Error{QStringLiteral("--%1: '%2' has no specs in the catalog").arg(QString::fromUtf16(flag), name)};
}

// The stored runs an estimate uses: --calibration ID picks one (its device is the GPU unless
// --gpu names another model); otherwise every run, unless --no-calibration.
struct CalibrationChoice
{
    std::optional<Calibration> run;
    CalibrationSet set;
};

Result<CalibrationChoice> calibrationFor(db::SqliteCatalogRepository *repo, Args &args)
{
    CalibrationChoice choice;
    if (args.has(u"no-calibration") && !args.has(u"calibration"))
        return choice;
    auto all = db::loadCalibrations(repo->database());
    if (!all)
        return all.error();
    if (args.has(u"calibration")) {
        bool ok = false;
        const qint64 id = args.text(u"calibration").toLongLong(&ok);
        for (const Calibration &c : all.value()) {
            if (ok && c.id == id)
                choice.run = c;
        }
        if (!choice.run)
            return Error{QStringLiteral("--calibration: %1 is not a stored calibration (see `gpu-planner-cli calibrate list`)")
                             .arg(quoteValue(args.text(u"calibration")))};
        if (choice.run->gpuId.isEmpty() && args.has(u"gpu")) {
            return Error{QStringLiteral("--gpu: calibration %1 is a host-CPU run, so the estimate runs on that CPU; "
                                        "leave out --gpu, or pick a GPU run (`gpu-planner-cli calibrate list`)")
                             .arg(choice.run->id)};
        }
    }
    auto gpus = repo->gpuModels();
    if (!gpus)
        return gpus.error();
    // --calibration ID on another --gpu: that one run, scaled by spec ratio (it needs the run's own model).
    choice.set = CalibrationSet(choice.run ? QList<Calibration>{*choice.run} : all.value(), gpus.value());
    return choice;
}

// A host-CPU run as the "GPU" of an estimate.
GpuModel cpuModel(const Calibration &run)
{
    GpuModel m;
    m.id = run.probe.deviceLabel();
    m.vendor = QStringLiteral("CPU");
    m.kind = QStringLiteral("cpu");
    return m;
}

CalibrationEffect applyCalibration(const CalibrationChoice &choice, const GpuModel &gpu)
{
    if (!choice.run)
        return choice.set.effectFor(gpu, gpuSpecFromModel(gpu));
    CalibrationEffect e;
    e.applies = e.direct = true;
    e.calibrationId = choice.run->id;
    e.note = calibrationNote(*choice.run);
    if (choice.run->gpuId.isEmpty())
        e.spec = measuredDeviceSpec(choice.run->probe);
    else if (choice.run->gpuId == gpu.id)
        e.spec = calibratedSpec(gpuSpecFromModel(gpu), choice.run->probe);
    else
        return choice.set.effectFor(gpu, gpuSpecFromModel(gpu));
    return e;
}

void printTable(QTextStream &out, const Workload &w, const ClusterConfig &c, const Estimate &e, const QString &plan,
                const QString &calibration)
{
    const QJsonObject o = estimateToJson(w, c, e);
    auto line = [&out](const char *key, const QString &value) { out << QString::fromLatin1(key).leftJustified(22) << value << '\n'; };
    line("fits", e.fits ? QStringLiteral("yes") : QStringLiteral("no"));
    if (!e.fits)
        line("reason", reasonText(w, c, e));
    line("gpus", QString::number(e.gpus));
    line("instances", QString::number(e.instances));
    if (e.fits) {
        line("layout", layoutText(e, w.kind));
        line("memory per GPU", QStringLiteral("%1 GiB of %2 GiB")
                                   .arg(e.memory.total() / bytesPerGib(), 0, 'f', 1)
                                   .arg(e.memoryCapacityBytes / bytesPerGib(), 0, 'f', 1));
        line(e.throughputInTokens ? "tokens per second" : "samples per second", QString::number(e.throughput, 'f', 0));
        if (w.kind == WorkloadKind::Inference) {
            line("replicas", QString::number(e.replicas));
            line("GPU-hours per month", QString::number(e.gpuHoursPerMonth, 'f', 0));
        } else {
            line("wall time", QStringLiteral("%1 h (%2 days)").arg(e.wallTimeHours, 0, 'f', 1).arg(e.wallTimeHours / 24.0, 0, 'f', 1));
            line("GPU-hours", QStringLiteral("%1 expected (P10 %2, P90 %3)")
                                  .arg(QString::number(e.gpuHours, 'f', 0), QString::number(e.gpuHoursP10(), 'f', 0),
                                       QString::number(e.gpuHoursP90(), 'f', 0)));
            line("best case", QStringLiteral("%1 GPU-hours, %2 h: a tuned stack, no incidents")
                                  .arg(QString::number(e.campaign.tunedGpuHours, 'f', 0))
                                  .arg(e.campaign.tunedWallTimeHours, 0, 'f', 1));
            // Each campaign term with its factor; the assumptions below give the sources.
            for (const CampaignTermLine &t : campaignTermLines(w, e)) {
                const QByteArray key = QByteArrayLiteral("  ") + t.id.toLatin1().replace('_', ' ');
                line(key.constData(), QStringLiteral("%1 (%2), x %3 on GPU-hours")
                                          .arg(t.value, t.stated ? QStringLiteral("stated") : QStringLiteral("default"))
                                          .arg(t.factor, 0, 'f', 2));
            }
        }
        line("MFU", QStringLiteral("%1%").arg(e.mfu * 100.0, 0, 'f', 1));
        line("bottleneck", bottleneckId(e.bottleneck));
    }
    if (!plan.isEmpty())
        line("instance count", plan);
    out << "\nAssumptions:\n";
    if (!calibration.isEmpty())
        out << "  - " << calibration << '\n';
    for (const QString &s : assumptions(w, c, e))
        out << "  - " << s << '\n';
}

// The flag-named view of a versioned scenario: workload fields are the flags in snake_case.
QJsonObject flagsFromScenario(const QJsonObject &scenario)
{
    QJsonObject flags;
    const QJsonObject workload = scenario.value(QStringLiteral("workload")).toObject();
    for (auto it = workload.begin(); it != workload.end(); ++it) {
        if (it.key() == u"max_batch" || (it.key() == u"gated_mlp" && !it.value().toBool()))
            continue;
        flags.insert(QString(it.key()).replace(u'_', u'-'), it.value());
    }
    const QJsonObject constraints = scenario.value(QStringLiteral("constraints")).toObject();
    if (constraints.contains(QStringLiteral("deadline")))
        flags.insert(QStringLiteral("deadline"), constraints.value(QStringLiteral("deadline")));
    const QJsonArray gpus = constraints.value(QStringLiteral("gpus")).toArray();
    if (!gpus.isEmpty())
        flags.insert(QStringLiteral("gpu"), gpus.first());
    return flags;
}

} // namespace

int runEstimate(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    const QString prog = QStringLiteral("gpu-planner-cli estimate");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Estimate memory fit, parallel layout, throughput, wall time and GPU-hours of a workload on a GPU.\n"
        "Quantities take units: 2T, 300B, 1.5e9 tokens; 30d, 12h."));
    parser.addHelpOption();
    for (const Option &o : kOptions) {
        if (o.value)
            parser.addOption({QString::fromUtf16(o.name), QString::fromUtf16(o.help), QString::fromUtf16(o.value)});
        else
            parser.addOption({QString::fromUtf16(o.name), QString::fromUtf16(o.help)});
    }
    parser.addPositionalArgument(QStringLiteral("estimate"), QStringLiteral("The command."));
    if (!parser.parse(arguments)) {
        err << prog << ": " << parser.errorText() << '\n';
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return ExitOk;
    }
    if (parser.positionalArguments().size() > 1) {
        err << prog << ": unexpected argument " << core::quoteValue(parser.positionalArguments().at(1)) << "\n";
        return ExitUsage;
    }
    Args args(parser);
    if (parser.isSet(QStringLiteral("scenario"))) {
        const QString scenarioPath = parser.value(QStringLiteral("scenario"));
        auto read = readBoundedFile(scenarioPath, kMaxScenarioBytes);
        if (!read) {
            err << prog << ": --scenario: " << read.errorMessage() << '\n';
            return ExitData;
        }
        const QJsonDocument doc = QJsonDocument::fromJson(read.value());
        if (!doc.isObject()) {
            err << prog << ": --scenario: " << scenarioPath << " is not a JSON object\n";
            return ExitData;
        }
        if (doc.object().contains(QStringLiteral("version"))) {
            // A versioned scenario file (see core/plan/Scenario.h): checked in full, then read
            // through its workload section, its deadline and its first allowed GPU.
            auto presets = loadModelPresets();
            auto scenario = presets ? parseScenario(doc.toJson(), presets.value()) : Result<Scenario>(presets.error());
            if (!scenario) {
                err << prog << ": --scenario: " << scenarioPath << ": " << scenario.errorMessage() << '\n';
                return ExitData;
            }
            args.setScenario(flagsFromScenario(doc.object()));
        } else {
            args.setScenario(doc.object());
        }
    }

    auto presets = loadModelPresets();
    if (!presets) {
        err << prog << ": " << presets.errorMessage() << '\n';
        return ExitData;
    }
    const ModelPreset *preset = nullptr;
    if (args.has(u"model")) {
        preset = findPreset(presets.value(), args.text(u"model"));
        if (!preset) {
            QStringList ids;
            for (const ModelPreset &p : presets.value())
                ids << p.id;
            err << prog << ": --model: unknown preset " << core::quoteValue(args.text(u"model")) << "; known: "
                << ids.join(QStringLiteral(", ")) << '\n';
            return ExitUsage;
        }
    }
    Workload w = workloadFrom(args, preset);
    const QString format = args.has(u"format") ? args.text(u"format") : QStringLiteral("table");
    if (format != u"table" && format != u"json")
        args.fail(u"format", QStringLiteral("'%1' is not one of table, json").arg(format));
    if (!args.has(u"gpu") && !args.has(u"calibration"))
        args.fail(u"gpu", QStringLiteral("a GPU model is required (or --calibration ID: the device a probe ran on)"));
    const double gpus = args.count(u"gpus", 0);
    const double perInstance = args.count(u"gpus-per-instance", 0);
    const double deadline = args.hours(u"deadline");
    if (w.kind == WorkloadKind::Measured) {
        w.measured.referenceThroughput = args.count(u"measured-throughput", 0);
        w.measured.referenceGpus = int(args.count(u"measured-gpus", 1));
        w.measured.items = args.count(u"items", 0);
        w.measured.bound = args.choice<MeasuredBound>(u"bound", MeasuredBound::Compute,
                                                      {{u"compute", MeasuredBound::Compute},
                                                       {u"memory", MeasuredBound::MemoryBandwidth}});
        // The rate scales with the peak at the job's precision, as in scenario files.
        w.measured.precision = mathPrecision(w.training.precision);
        w.tokensAreSamples = args.choice<bool>(u"item-unit", false, {{u"tokens", false}, {u"samples", true}});
        if (!args.has(u"measured-gpu"))
            args.fail(u"measured-gpu", QStringLiteral("measured scaling needs the reference GPU"));
    }
    checkRequired(args, w);
    if (args.error()) {
        err << prog << ": " << args.error()->message << '\n';
        return ExitUsage;
    }

    CatalogSession session(args.text(u"catalog"));
    auto repo = session.repository();
    if (!repo) {
        err << prog << ": " << repo.errorMessage() << '\n';
        return ExitData;
    }
    auto calibration = calibrationFor(repo.value(), args);
    if (!calibration) {
        err << prog << ": " << calibration.errorMessage() << '\n';
        return calibration.errorMessage().startsWith(u"--") ? ExitUsage : ExitData;
    }
    const bool onMeasuredCpu = calibration.value().run && calibration.value().run->gpuId.isEmpty();
    auto gpu = onMeasuredCpu ? Result<GpuModel>(cpuModel(*calibration.value().run))
                             : findGpu(repo.value(),
                                       args.has(u"gpu") || !calibration.value().run ? args.text(u"gpu")
                                                                                   : calibration.value().run->gpuId,
                                       u"gpu");
    if (!gpu) {
        err << prog << ": " << gpu.errorMessage() << '\n';
        return gpu.errorMessage().startsWith(u"--") ? ExitUsage : ExitData;
    }
    if (w.kind == WorkloadKind::Measured) {
        auto ref = findGpu(repo.value(), args.text(u"measured-gpu"), u"measured-gpu");
        if (!ref) {
            err << prog << ": " << ref.errorMessage() << '\n';
            return ExitUsage;
        }
        w.measured.referenceGpu = gpuSpecFromModel(ref.value());
    }

    // The instance shape: HGX-class boards (8 GPUs on NVSwitch, 8 x 200 Gb/s InfiniBand) for
    // SXM parts, single PCIe GPUs on 100 Gb/s TCP otherwise, unless flags say more.
    ClusterConfig c;
    const CalibrationEffect calibrated = applyCalibration(calibration.value(), gpu.value());
    if (calibration.value().run && !calibrated.applies) {
        err << prog << ": "
            << QStringLiteral("--calibration: run %1 on %2 does not carry to %3 (another vendor, or no bf16 peak to scale by)")
                   .arg(calibration.value().run->id)
                   .arg(calibration.value().run->gpuId, gpu->id)
            << '\n';
        return ExitUsage;
    }
    c.gpu = calibrated.applies ? calibrated.spec : gpuSpecFromModel(gpu.value());
    const bool board = gpu->formFactor == u"SXM" || gpu->formFactor == u"OAM" || gpu->formFactor == u"Superchip";
    int per = perInstance > 0 ? int(perInstance) : (board ? 8 : 1);
    if (gpus > 0 && gpus < per)
        per = int(gpus);
    c.gpusPerInstance = per;
    c.intraLink = intraLinkFromText(board ? QStringLiteral("NVSwitch") : gpu->interconnect, per);
    c.intraLink = args.choice<IntraLink>(u"interconnect", c.intraLink,
                                         {{u"nvswitch", IntraLink::NvSwitch}, {u"nvlink", IntraLink::NvSwitch},
                                          {u"nvlink-bridge", IntraLink::NvLinkBridge}, {u"pcie", IntraLink::Pcie}});
    c.network = args.choice<NetworkKind>(u"network", board ? NetworkKind::InfiniBand : NetworkKind::Tcp,
                                         {{u"ib", NetworkKind::InfiniBand}, {u"infiniband", NetworkKind::InfiniBand},
                                          {u"efa", NetworkKind::Efa}, {u"roce", NetworkKind::RoCE},
                                          {u"tcp", NetworkKind::Tcp}});
    c.networkGbps = args.count(u"network-gbps", board ? 1600 : 100);
    c.vcpusPerInstance = args.count(u"vcpus", 0);
    c.hostMemoryGib = args.count(u"host-memory", 0);
    if (args.error()) {
        err << prog << ": " << args.error()->message << '\n';
        return ExitUsage;
    }
    if (gpus > 0 && int(gpus) % per != 0) {
        err << prog << ": --gpus: " << gpus << " is not a multiple of " << per << " GPUs per instance\n";
        return ExitUsage;
    }

    Estimate e;
    QString planText;
    if (gpus > 0 || w.kind == WorkloadKind::Inference) {
        c.instances = gpus > 0 ? int(gpus) / per : 1;
        e = estimate(w, c);
    } else {
        const InstancePlan plan = planInstances(w, c, deadline, 1024, kDefaultDeadlineConfidence);
        c.instances = std::max(1, plan.instances);
        e = plan.estimate;
        planText = explainPlan(plan, deadline, kDefaultDeadlineConfidence);
    }

    if (format == u"json") {
        QJsonObject o = estimateToJson(w, c, e);
        o.insert(QStringLiteral("gpu"), gpu->id);
        if (calibrated.applies)
            o.insert(QStringLiteral("calibration"), QJsonObject{{QStringLiteral("id"), calibrated.calibrationId},
                                                                {QStringLiteral("direct"), calibrated.direct},
                                                                {QStringLiteral("note"), calibrated.note}});
        if (!planText.isEmpty())
            o.insert(QStringLiteral("instance_count_reason"), planText);
        out << QJsonDocument(o).toJson(QJsonDocument::Indented);
    } else {
        out << "GPU                   " << gpu->id << '\n';
        printTable(out, w, c, e, planText, calibrated.note);
    }
    return ExitOk;
}

} // namespace gpuplanner::cli
