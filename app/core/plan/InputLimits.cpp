#include "core/plan/InputLimits.h"

#include <QHash>
#include <QString>

namespace gpuplanner::core {

InputRange inputRange(QStringView key)
{
    static const QHash<QString, InputRange> ranges = {
        // work amounts
        {QStringLiteral("tokens"), {0, 1e16}},
        {QStringLiteral("epochs"), {0.001, 1e6}},
        {QStringLiteral("samples"), {0, 1e13}},
        {QStringLiteral("items"), {0, 1e18}},
        {QStringLiteral("flops_per_sample"), {0, 1e18}},
        // model shape
        {QStringLiteral("params"), {0, 1e14}},
        {QStringLiteral("active_params"), {0, 1e14}},
        {QStringLiteral("layers"), {1, 1e4}},
        {QStringLiteral("heads"), {1, 1e4}},
        {QStringLiteral("kv_heads"), {1, 1e4}},
        {QStringLiteral("hidden"), {1, 1e6}},
        {QStringLiteral("ffn"), {1, 1e7}},
        {QStringLiteral("vocab"), {1, 1e8}},
        {QStringLiteral("seq_len"), {1, 1e8}},
        {QStringLiteral("batch"), {0, 1e8}},
        {QStringLiteral("micro_batch"), {1, 1e6}},
        {QStringLiteral("batch_tokens"), {1, 1e10}},
        {QStringLiteral("experts"), {2, 1e5}},
        {QStringLiteral("experts_per_token"), {1, 1e4}},
        {QStringLiteral("lora_rank"), {1, 65536}},
        {QStringLiteral("lora_targets"), {1, 1000}},
        // serving
        {QStringLiteral("prompt_tokens"), {1, 1e7}},
        {QStringLiteral("output_tokens"), {1, 1e7}},
        {QStringLiteral("rps"), {0, 1e7}},
        {QStringLiteral("tokens_per_second"), {0, 1e10}},
        {QStringLiteral("ttft"), {0.001, 3600}},
        {QStringLiteral("tpot"), {0.0001, 60}},
        {QStringLiteral("tp"), {1, 1024}},
        {QStringLiteral("pp"), {1, 1024}},
        {QStringLiteral("max_batch"), {1, 65536}},
        {QStringLiteral("engine_efficiency"), {0.01, 2}},
        // goodput and start-up
        {QStringLiteral("failure_rate"), {0, 1}},
        {QStringLiteral("restart_minutes"), {0, 100000}},
        {QStringLiteral("checkpoint_gbps"), {0.001, 1e6}},
        {QStringLiteral("checkpoint_every"), {0.001, 876000}},
        {QStringLiteral("eval_share"), {0, 0.9}},
        {QStringLiteral("slowdown_share"), {0, 0.9}},
        {QStringLiteral("startup_minutes"), {0, 100000}},
        // campaign terms (issue 46): paid spare capacity in % of the GPUs used
        {QStringLiteral("spare_capacity"), {0, 1000}},
        // rates and hardware
        {QStringLiteral("measured_throughput"), {0, 1e15}},
        {QStringLiteral("measured_gpus"), {1, 65536}},
        {QStringLiteral("gpus"), {0, 1 << 20}},
        {QStringLiteral("gpus_per_instance"), {0, 1024}},
        {QStringLiteral("network_gbps"), {0, 1e5}},
        {QStringLiteral("vcpus"), {1, 100000}},
        {QStringLiteral("host_memory"), {1, 1e7}},
        // money and time
        {QStringLiteral("deadline"), {0, 876000}},
        {QStringLiteral("checkpoint_interval"), {0, 876000}},
        {QStringLiteral("restart_overhead"), {0, 876000}},
        {QStringLiteral("budget"), {0, 1e13}},
        {QStringLiteral("min_gpu_memory_gib"), {0, 100000}},
        {QStringLiteral("gpu_hours_per_month"), {0, 1e9}},
        {QStringLiteral("per_usd"), {1e-6, 1e7}},
        {QStringLiteral("data_gb"), {0, 1e10}},
        {QStringLiteral("checkpoint_gb"), {0, 1e10}},
        {QStringLiteral("egress_gb"), {0, 1e10}},
        {QStringLiteral("storage_per_gb_month"), {0, 1000}},
        {QStringLiteral("egress_per_gb"), {0, 1000}},
        {QStringLiteral("purchase_price"), {0, 1e12}},
        {QStringLiteral("electricity_per_kwh"), {0, 100}},
        {QStringLiteral("hosting_per_month"), {0, 1e10}},
    };
    return ranges.value(key.toString(), InputRange{});
}

} // namespace gpuplanner::core
