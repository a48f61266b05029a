// The workload section of a scenario file: the same fields as `estimate`'s flags, in
// snake_case, with a preset as the starting point.

#include "core/estimate/CampaignTerms.h"
#include "core/plan/InputLimits.h"
#include "core/plan/JsonReader.h"
#include "core/plan/Scenario.h"

#include <algorithm>
#include <cmath>

namespace gpuplanner::core {

namespace {

StoragePrecision storage(JsonReader &r, const QJsonObject &o, const QString &path, const char16_t *key)
{
    return r.choice<StoragePrecision>(o, path, key,
                                      {{u"bf16", StoragePrecision::Bf16}, {u"fp16", StoragePrecision::Bf16},
                                       {u"fp8", StoragePrecision::Fp8}, {u"int8", StoragePrecision::Int8},
                                       {u"int4", StoragePrecision::Int4}})
        .value_or(StoragePrecision::Bf16);
}

// A count that must be above zero when given (a rate or an amount of work).
std::optional<double> positiveCount(JsonReader &r, const QJsonObject &o, const QString &path, const char16_t *key)
{
    const auto v = r.count(o, path, key);
    if (v && *v <= 0) {
        const QString k = QString::fromUtf16(key);
        r.fail(JsonReader::join(path, k), o.value(k), ScenarioText::tr("is not above 0"));
        return std::nullopt;
    }
    return v;
}

} // namespace

Result<Workload> workloadFromJson(const QJsonObject &o, const QList<ModelPreset> &presets)
{
    const QString path = QStringLiteral("workload");
    JsonReader r;
    r.checkKeys(o, path,
                {u"task", u"model", u"params", u"active_params", u"layers", u"hidden", u"heads", u"kv_heads", u"ffn",
                 u"gated_mlp", u"vocab", u"seq_len", u"tokens", u"epochs", u"samples", u"flops_per_sample", u"batch",
                 u"micro_batch", u"precision", u"optimizer", u"recompute", u"zero", u"lora_rank", u"lora_targets",
                 u"weights", u"kv_cache", u"prompt_tokens", u"output_tokens", u"rps", u"tokens_per_second", u"ttft",
                 u"tpot", u"max_batch", u"measured_throughput", u"measured_gpu", u"measured_gpus", u"bound",
                 u"items", u"item_unit", u"mfu", u"goodput", u"batch_tokens", u"experts", u"experts_per_token", u"expert_overlap", u"tp", u"pp",
                 u"flash_attention",
                 u"engine", u"engine_efficiency", u"failure_rate", u"restart_minutes", u"checkpoint_gbps",
                 u"checkpoint_every", u"eval_share", u"slowdown_share", u"startup_minutes", u"gpu_decode",
                 u"stack", u"failure_handling", u"first_run", u"spare_capacity"});
    const ModelPreset *preset = nullptr;
    if (const auto id = r.string(o, path, u"model")) {
        preset = findPreset(presets, *id);
        if (!preset) {
            QStringList ids;
            for (const ModelPreset &p : presets)
                ids << p.id;
            r.fail(JsonReader::join(path, QStringLiteral("model")), o.value(QStringLiteral("model")),
                   ScenarioText::tr("is not a known preset (%1)").arg(ids.join(QStringLiteral(", "))));
        }
    }
    const QString task = r.string(o, path, u"task").value_or(QString()).toLower();
    Workload w;
    const std::optional<WorkloadKind> kind = r.choice<WorkloadKind>(
        o, path, u"task",
        {{u"pretrain", WorkloadKind::Pretrain}, {u"finetune", WorkloadKind::FineTune}, {u"lora", WorkloadKind::FineTune},
         {u"qlora", WorkloadKind::FineTune}, {u"vision", WorkloadKind::Vision}, {u"inference", WorkloadKind::Inference},
         {u"measured", WorkloadKind::Measured}});
    if (!kind && !r.failed())
        r.fail(JsonReader::join(path, QStringLiteral("task")), QStringLiteral("missing (pretrain, finetune, lora, qlora, "
                                                                             "vision, inference or measured)"));
    w.kind = kind.value_or(WorkloadKind::Pretrain);
    // A vision run needs a vision network, the other kinds a language model: a Llama preset left
    // over from another kind of work is named, not estimated as something it is not.
    if (preset && kind && !r.failed() && *kind != WorkloadKind::Measured
        && preset->vision != (*kind == WorkloadKind::Vision))
        r.fail(JsonReader::join(path, QStringLiteral("model")), o.value(QStringLiteral("model")),
               preset->vision ? ScenarioText::tr("is a vision network; this kind of work needs a language model")
                              : ScenarioText::tr("is a language model; vision training needs a vision network"));
    w.training.method = task == u"lora" ? FineTuneMethod::Lora : (task == u"qlora" ? FineTuneMethod::Qlora : FineTuneMethod::Full);

    TransformerArch &m = w.model;
    if (preset && !preset->vision)
        m = preset->arch;
    m.params = r.count(o, path, u"params").value_or(m.params);
    m.activeParams = r.count(o, path, u"active_params").value_or(m.activeParams);
    m.experts = int(r.count(o, path, u"experts").value_or(m.experts));
    m.expertsPerToken = int(r.count(o, path, u"experts_per_token").value_or(m.expertsPerToken));
    m.layers = int(r.count(o, path, u"layers").value_or(m.layers));
    m.hidden = int(r.count(o, path, u"hidden").value_or(m.hidden));
    m.heads = int(r.count(o, path, u"heads").value_or(m.heads));
    m.kvHeads = int(r.count(o, path, u"kv_heads").value_or(m.kvHeads));
    m.ffn = int(r.count(o, path, u"ffn").value_or(m.ffn));
    m.vocab = int(r.count(o, path, u"vocab").value_or(m.vocab));
    m.seqLen = int(r.count(o, path, u"seq_len").value_or(m.seqLen));
    m.gatedMlp = r.boolean(o, path, u"gated_mlp").value_or(m.gatedMlp);
    if (m.params <= 0 && m.hasShape())
        m.params = parameterCount(m);

    TrainingSetup &t = w.training;
    t.tokens = r.count(o, path, u"tokens").value_or(0);
    t.epochs = r.count(o, path, u"epochs").value_or(1);
    t.globalBatch = int(r.count(o, path, u"batch").value_or(0));
    if (const auto tokens = r.count(o, path, u"batch_tokens"); tokens && m.seqLen > 0)
        t.globalBatch = int(std::clamp(std::round(*tokens / m.seqLen), 1.0, inputRange(u"batch").max));
    t.microBatch = int(r.count(o, path, u"micro_batch").value_or(0));
    // The layout a team already runs: tensor-parallel GPUs ("tp", shared with serving's GPUs per replica)
    // and pipeline stages; unset, both are searched.
    t.tensorParallel = r.integer(o, path, u"tp", 1, 1024).value_or(0);
    t.pipelineParallel = r.integer(o, path, u"pp", 1, 1024).value_or(0);
    t.flashAttention = r.boolean(o, path, u"flash_attention").value_or(true);
    t.precision = r.choice<TrainPrecision>(o, path, u"precision",
                                           {{u"fp32", TrainPrecision::Fp32}, {u"tf32", TrainPrecision::Tf32},
                                            {u"bf16", TrainPrecision::Mixed}, {u"fp16", TrainPrecision::Fp16Mixed},
                                            {u"fp8", TrainPrecision::Fp8}})
                      .value_or(TrainPrecision::Mixed);
    const auto optimizer = r.choice<Optimizer>(o, path, u"optimizer",
                                               {{u"adamw", Optimizer::AdamW}, {u"adam", Optimizer::AdamW},
                                                {u"adam8bit", Optimizer::Adam8bit}, {u"sgd", Optimizer::SgdMomentum}});
    t.optimizer = optimizer.value_or(Optimizer::AdamW);
    t.recompute = r.choice<Recompute>(o, path, u"recompute",
                                      {{u"auto", Recompute::Auto}, {u"none", Recompute::None},
                                       {u"selective", Recompute::Selective}, {u"full", Recompute::Full}})
                      .value_or(Recompute::Auto);
    t.sharding = r.choice<Sharding>(o, path, u"zero",
                                    {{u"auto", Sharding::Auto}, {u"0", Sharding::None}, {u"1", Sharding::Zero1},
                                     {u"2", Sharding::Zero2}, {u"3", Sharding::Zero3}, {u"fsdp", Sharding::Zero3}})
                     .value_or(Sharding::Auto);
    t.expertOverlap = r.choice<ExpertOverlap>(o, path, u"expert_overlap",
                                              {{u"none", ExpertOverlap::None}, {u"full", ExpertOverlap::Full}})
                          .value_or(ExpertOverlap::Default);
    // Campaign terms (CampaignTerms.h); absent keys keep the documented defaults.
    CampaignTerms &ct = t.campaign;
    if (const auto stack = r.string(o, path, u"stack"); stack && !parseStack(*stack, ct.stack, ct.measuredMfu))
        r.fail(JsonReader::join(path, QStringLiteral("stack")), o.value(QStringLiteral("stack")),
               ScenarioText::tr("is not tuned, generic or mfu=<measured MFU, 0 to 1>"));
    ct.failureHandling = r.choice<FailureHandling>(o, path, u"failure_handling",
                                                   {{u"automatic", FailureHandling::Automatic}, {u"manual", FailureHandling::Manual}})
                             .value_or(FailureHandling::Default);
    ct.firstRun = r.choice<FirstRun>(o, path, u"first_run", {{u"yes", FirstRun::Yes}, {u"no", FirstRun::No}})
                      .value_or(FirstRun::Default);
    ct.spareCapacityPercent = r.number(o, path, u"spare_capacity").value_or(-1);
    t.loraRank = int(r.count(o, path, u"lora_rank").value_or(t.loraRank));
    t.loraTargetsPerLayer = int(r.count(o, path, u"lora_targets").value_or(t.loraTargetsPerLayer));

    VisionSetup &v = w.vision;
    v.params = r.count(o, path, u"params").value_or(preset && preset->vision ? preset->visionParams : 0);
    v.forwardFlopsPerSample = r.count(o, path, u"flops_per_sample").value_or(preset ? preset->forwardFlops : 0);
    v.depthwiseSeparable = preset && preset->depthwiseSeparable;
    if (preset && preset->resolution > 0)
        v.resolution = preset->resolution;
    v.gpuDecode = r.boolean(o, path, u"gpu_decode").value_or(false);
    v.samples = r.count(o, path, u"samples").value_or(0);
    v.epochs = t.epochs;
    v.batch = t.globalBatch;
    v.precision = t.precision;
    v.optimizer = optimizer.value_or(Optimizer::SgdMomentum);

    InferenceSetup &inf = w.inference;
    inf.weights = storage(r, o, path, u"weights");
    inf.kvCache = storage(r, o, path, u"kv_cache");
    inf.promptTokens = r.count(o, path, u"prompt_tokens").value_or(inf.promptTokens);
    inf.outputTokens = r.count(o, path, u"output_tokens").value_or(inf.outputTokens);
    inf.requestsPerSecond = r.count(o, path, u"rps").value_or(0);
    inf.outputTokensPerSecond = r.count(o, path, u"tokens_per_second").value_or(0);
    inf.ttftTargetS = r.seconds(o, path, u"ttft").value_or(0);
    inf.tpotTargetS = r.seconds(o, path, u"tpot").value_or(0);
    inf.maxBatch = r.integer(o, path, u"max_batch", 1, 65536).value_or(inf.maxBatch);
    inf.tensorParallel = t.tensorParallel; // "tp": the same key for both
    inf.engine = r.choice<ServingEngine>(o, path, u"engine",
                                         {{u"tuned", ServingEngine::Tuned}, {u"general", ServingEngine::General}})
                     .value_or(ServingEngine::Tuned);
    inf.engineEfficiency = r.number(o, path, u"engine_efficiency").value_or(0);

    // Measured: the rate is for the whole reference configuration; the GPU is resolved later,
    // against the catalog the plan runs on.
    MeasuredSetup &ms = w.measured;
    ms.referenceThroughput = positiveCount(r, o, path, u"measured_throughput").value_or(0);
    ms.referenceGpuName = r.string(o, path, u"measured_gpu").value_or(QString()).trimmed();
    ms.referenceGpus = r.integer(o, path, u"measured_gpus", 1, 65536).value_or(1);
    ms.bound = r.choice<MeasuredBound>(o, path, u"bound",
                                       {{u"compute", MeasuredBound::Compute}, {u"memory", MeasuredBound::MemoryBandwidth}})
                   .value_or(MeasuredBound::Compute);
    ms.items = positiveCount(r, o, path, u"items").value_or(0);
    ms.precision = mathPrecision(t.precision);
    w.tokensAreSamples = r.choice<bool>(o, path, u"item_unit", {{u"tokens", false}, {u"samples", true}}).value_or(false);

    w.efficiencyOverride = r.share(o, path, u"mfu", 0, 1).value_or(0);
    w.goodputOverride = r.number(o, path, u"goodput", 0, 1).value_or(0);
    GoodputSetup &g = w.goodput;
    g.failuresPerGpuHour = r.number(o, path, u"failure_rate").value_or(0);
    if (const auto minutes = r.number(o, path, u"restart_minutes"))
        g.restartHours = *minutes / 60.0;
    g.checkpointGBpsPerInstance = r.number(o, path, u"checkpoint_gbps").value_or(0);
    g.checkpointIntervalHours = r.hours(o, path, u"checkpoint_every").value_or(0);
    g.evaluationShare = r.share(o, path, u"eval_share").value_or(-1);
    g.slowdownShare = r.share(o, path, u"slowdown_share").value_or(-1);
    if (const auto minutes = r.number(o, path, u"startup_minutes"))
        w.startupHours = *minutes / 60.0;
    if (r.failed())
        return Error{r.error()};

    // What the chosen task cannot do without.
    auto missing = [&](const char *field, const char *why) {
        return Error{ScenarioText::tr("workload.%1: missing (%2)").arg(QLatin1String(field), ScenarioText::tr(why))};
    };
    switch (w.kind) {
    case WorkloadKind::Pretrain:
    case WorkloadKind::FineTune:
        if (!m.hasShape() || m.seqLen <= 0)
            return missing("model", QT_TRANSLATE_NOOP("ScenarioText", "a preset, or params with layers, hidden, heads and seq_len"));
        if (t.tokens <= 0)
            return missing("tokens", QT_TRANSLATE_NOOP("ScenarioText", "training needs a token count"));
        break;
    case WorkloadKind::Vision:
        if (v.forwardFlopsPerSample <= 0)
            return missing("flops_per_sample", QT_TRANSLATE_NOOP("ScenarioText", "vision needs the forward FLOPs per sample"));
        if (v.samples <= 0)
            return missing("samples", QT_TRANSLATE_NOOP("ScenarioText", "vision needs a sample count"));
        break;
    case WorkloadKind::Inference:
        if (!m.hasShape())
            return missing("model", QT_TRANSLATE_NOOP("ScenarioText", "inference needs a preset or a custom shape"));
        if (inf.requestsPerSecond <= 0 && inf.outputTokensPerSecond <= 0)
            return missing("rps", QT_TRANSLATE_NOOP("ScenarioText", "inference needs a demand: rps or tokens_per_second"));
        break;
    case WorkloadKind::Measured:
        if (ms.referenceThroughput <= 0)
            return missing("measured_throughput", QT_TRANSLATE_NOOP("ScenarioText", "items per second measured on the reference GPUs"));
        if (ms.referenceGpuName.isEmpty())
            return missing("measured_gpu", QT_TRANSLATE_NOOP("ScenarioText", "the GPU the rate was measured on, e.g. A100-80GB"));
        if (ms.items <= 0)
            return missing("items", QT_TRANSLATE_NOOP("ScenarioText", "the tokens or samples the job processes"));
        break;
    }
    return w;
}

} // namespace gpuplanner::core
