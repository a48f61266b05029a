<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BillingNames</name>
    <message>
        <source>On-demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>竞价</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>Savings plan</source>
        <translation>节省计划</translation>
    </message>
    <message>
        <source>no upfront</source>
        <translation>无预付</translation>
    </message>
    <message>
        <source>partial upfront</source>
        <translation>部分预付</translation>
    </message>
    <message>
        <source>all upfront</source>
        <translation>全部预付</translation>
    </message>
    <message>
        <source>Capacity block</source>
        <translation>容量块</translation>
    </message>
    <message>
        <source>%1 (%2 interrupted)</source>
        <translation>%1（中断率 %2）</translation>
    </message>
    <message>
        <source>%1, %2-%3 days</source>
        <translation>%1，%2-%3 天</translation>
    </message>
    <message>
        <source>, %1 mo</source>
        <translation>，%1 个月</translation>
    </message>
    <message>
        <source>, standard</source>
        <translation>，标准</translation>
    </message>
    <message>
        <source>, convertible</source>
        <translation>，可转换</translation>
    </message>
    <message>
        <source>, compute</source>
        <translation>，计算型</translation>
    </message>
    <message>
        <source>, instance</source>
        <translation>，实例型</translation>
    </message>
</context>
<context>
    <name>CalibrationText</name>
    <message>
        <source>its --quick training step sets the step efficiency of hidden size %1 only</source>
        <translation>其 --quick 训练步仅设定隐藏层宽度 %1 的训练步效率</translation>
    </message>
    <message>
        <source>its training step sets the step efficiency of hidden sizes %1 to %2</source>
        <translation>其训练步设定隐藏层宽度 %1 至 %2 的训练步效率</translation>
    </message>
    <message>
        <source>calibrated from your measurement of %1 on %2 (%3, probe %4; %5)</source>
        <translation>依据您于 %1 在 %2 上的实测校准（%3，探针 %4；%5）</translation>
    </message>
    <message>
        <source>scaled by spec ratio (bf16 peak %1 vs %2 TFLOP/s) from your measurement of %3 on %4 (%5): that run&apos;s GEMM share of peak (%6%) and training-step ratio replace this GPU&apos;s defaults, its memory bandwidth is scaled in proportion</source>
        <translation>按规格比例换算（bf16 峰值 %1 对 %2 TFLOP/s），依据您于 %3 在 %4 上的实测（%5）：该次实测的 GEMM 峰值占比（%6%）和训练步比例替代此 GPU 的默认值，显存带宽按比例换算</translation>
    </message>
</context>
<context>
    <name>CatalogRecoveryText</name>
    <message>
        <source>Cannot read the catalog</source>
        <translation>无法读取目录</translation>
    </message>
    <message>
        <source>GPU Planner cannot read its catalog file:
%1</source>
        <translation>GPU Planner 无法读取其目录文件：
%1</translation>
    </message>
    <message>
        <source>Restoring puts the built-in prices in its place and keeps the file as it is next to it (%1.damaged-…); nothing is deleted.</source>
        <translation>恢复会用内置价格替换它，并将原文件原样保留在旁边（%1.damaged-…）；不会删除任何内容。</translation>
    </message>
    <message>
        <source>&amp;Restore the built-in catalog</source>
        <translation>恢复内置目录(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Choose another file…</source>
        <translation>选择其他文件(&amp;C)…</translation>
    </message>
    <message>
        <source>Cannot restore the catalog</source>
        <translation>无法恢复目录</translation>
    </message>
    <message>
        <source>Built-in catalog restored</source>
        <translation>已恢复内置目录</translation>
    </message>
    <message>
        <source>The built-in prices are in %1 again. The file that could not be read is kept as %2.</source>
        <translation>%1 中已重新使用内置价格。无法读取的文件保留为 %2。</translation>
    </message>
    <message>
        <source>Choose a catalog file</source>
        <translation>选择目录文件</translation>
    </message>
    <message>
        <source>GPU Planner catalogs (*.sqlite);;All files (*)</source>
        <translation>GPU Planner 目录 (*.sqlite);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>Charts</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 y</source>
        <translation>%1 年</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
</context>
<context>
    <name>DetailText</name>
    <message>
        <source>Price observed</source>
        <translation>价格观测日期</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>价格时效</translation>
    </message>
    <message>
        <source>NVSwitch</source>
        <translation>NVSwitch</translation>
    </message>
    <message>
        <source>NVLink bridge</source>
        <translation>NVLink 桥接</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>%1 (one GPU per instance)</source>
        <translation>%1（每实例一个 GPU）</translation>
    </message>
    <message>
        <source>%1, about %2 GB/s per GPU</source>
        <translation>%1，每个 GPU 约 %2 GB/s</translation>
    </message>
    <message>
        <source>InfiniBand (RDMA)</source>
        <translation>InfiniBand（RDMA）</translation>
    </message>
    <message>
        <source>EFA (RDMA)</source>
        <translation>EFA（RDMA）</translation>
    </message>
    <message>
        <source>RoCE (RDMA)</source>
        <translation>RoCE（RDMA）</translation>
    </message>
    <message>
        <source>no RDMA</source>
        <translation>无 RDMA</translation>
    </message>
    <message>
        <source>%1; bandwidth not published (100 Gbit/s assumed)</source>
        <translation>%1；带宽未公布（假定 100 Gbit/s）</translation>
    </message>
    <message>
        <source>%1 Gbit/s per instance, %2</source>
        <translation>每实例 %1 Gbit/s，%2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>overhead</source>
        <translation>开销</translation>
    </message>
    <message>
        <source>%1 of %2 GiB (%3)</source>
        <translation>%1 / %2 GiB（%3）</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>%1 x %2 = %3 x %4</source>
        <translation>%1 × %2 = %3 × %4</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>first token %1 s, then %2 s per token</source>
        <translation>首个 token %1 秒，之后每个 token %2 秒</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1, %2 GiB each</source>
        <translation>%1，每个 %2 GiB</translation>
    </message>
    <message>
        <source>Between GPUs</source>
        <translation>GPU 之间</translation>
    </message>
    <message>
        <source>Between instances</source>
        <translation>实例之间</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>%1 of the %2 TFLOP/s peak per GPU</source>
        <translation>每 GPU %2 TFLOP/s 峰值的 %1</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>%1 s: compute %2, tensor-parallel %3, pipeline bubble %4, data-parallel %5 (exposed %6)</source>
        <translation>%1 秒：计算 %2，张量并行 %3，流水线气泡 %4，数据并行 %5（暴露 %6）</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效产出</translation>
    </message>
    <message>
        <source>%1 of wall time does useful work</source>
        <translation>%1 的墙钟时间在做有效工作</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Time and cost</source>
        <translation>时间与成本</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>P50 %1, P90 %2 (without interruptions %3)</source>
        <translation>P50 %1，P90 %2（无中断 %3）</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>expected %1, P50 %2, P90 %3</source>
        <translation>预期 %1，P50 %2，P90 %3</translation>
    </message>
    <message>
        <source>Cost split</source>
        <translation>成本构成</translation>
    </message>
    <message>
        <source>GPUs %1, storage and egress %2</source>
        <translation>GPU %1，存储与出流量 %2</translation>
    </message>
    <message>
        <source>Commitment</source>
        <translation>承诺</translation>
    </message>
    <message>
        <source>%1 in all over %2 term(s), used or not; break-even at %3 use</source>
        <translation>%2 个期限共 %1，无论是否使用；使用率 %3 时持平</translation>
    </message>
    <message>
        <source>Meets the deadline</source>
        <translation>满足截止时间</translation>
    </message>
    <message>
        <source>Within the budget</source>
        <translation>在预算内</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Per instance-hour</source>
        <translation>每实例小时</translation>
    </message>
    <message>
        <source>%1 (%2 in %3)</source>
        <translation>%1（%3 计 %2）</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>%1, as of %2</source>
        <translation>%1，截至 %2</translation>
    </message>
    <message>
        <source>Interruptions</source>
        <translation>中断</translation>
    </message>
    <message>
        <source>%1 a month (%2: %3)</source>
        <translation>每月 %1（%2：%3）</translation>
    </message>
    <message>
        <source>%1 a month (a default: no published figure)</source>
        <translation>每月 %1（默认值：无公布数据）</translation>
    </message>
    <message>
        <source>Per million tokens</source>
        <translation>每百万 token 成本</translation>
    </message>
    <message>
        <source>%1 per million output tokens, %2 per million tokens in and out: the whole cost over the %3 output tokens served at your demand</source>
        <translation>每百万输出 token %1，每百万输入加输出 token %2：总成本除以按您的需求量提供的 %3 个输出 token</translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>expected %1, P90 %2</source>
        <translation>预期 %1，P90 %2</translation>
    </message>
    <message>
        <source>%1 expected, the figure to budget (P10 %2, P90 %3)</source>
        <translation>预期 %1，预算应以此为准（P10 %2，P90 %3）</translation>
    </message>
    <message>
        <source>Best case</source>
        <translation>最佳情况</translation>
    </message>
    <message>
        <source>%1 GPU-hours in %2: a tuned stack, no incidents</source>
        <translation>%2 内 %1 GPU 小时：调优良好的训练栈，无故障</translation>
    </message>
</context>
<context>
    <name>LayoutText</name>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>no sharding</source>
        <translation>不分片</translation>
    </message>
    <message>
        <source>no recomputation</source>
        <translation>不重计算</translation>
    </message>
    <message>
        <source>selective recomputation</source>
        <translation>选择性重计算</translation>
    </message>
    <message>
        <source>full recomputation</source>
        <translation>完全重计算</translation>
    </message>
    <message>
        <source>%1 replica(s) x TP %2, batch %3</source>
        <translation>%1 个副本 x TP %2，批大小 %3</translation>
    </message>
    <message>
        <source>DP %1, global batch %2</source>
        <translation>DP %1，全局批大小 %2</translation>
    </message>
    <message>
        <source> (interleaved, %1 chunks per rank)</source>
        <translation>（交错流水线，每个 rank %1 个分块）</translation>
    </message>
    <message>
        <source> (experts over %1)</source>
        <translation>（专家分布于 %1 个 rank）</translation>
    </message>
    <message>
        <source>full recomputation of %1 layer(s) per stage</source>
        <translation>每个流水线阶段完全重计算 %1 层</translation>
    </message>
    <message>
        <source>%1, %2, %3, micro-batch %4, global batch %5</source>
        <translation>%1，%2，%3，微批大小 %4，全局批大小 %5</translation>
    </message>
</context>
<context>
    <name>PlanActualsText</name>
    <message>
        <source>%1 billed lines fall outside the plan&apos;s months (%2 to %3) and are left out</source>
        <translation>%1 条账单明细不在规划月份内（%2 至 %3），未计入</translation>
    </message>
    <message>
        <source>%1 GPU usage lines name an instance type the catalog does not know: their GPU-hours are not counted</source>
        <translation>%1 条 GPU 用量明细的实例类型不在目录中：其 GPU 小时未计入</translation>
    </message>
    <message>
        <source>no forecast yet: %1 days of spend are booked, the forecast needs %2</source>
        <translation>暂无预测：已入账 %1 天的支出，预测至少需要 %2 天</translation>
    </message>
    <message>
        <source>the forecast of %1 (range %2 to %3) passes the budget of %4</source>
        <translation>预测 %1（范围 %2 至 %3）超出预算 %4</translation>
    </message>
    <message>
        <source>at the fastest recent burn rate the spend reaches %1, past the budget of %2</source>
        <translation>按近期最快的消耗速度，支出将达到 %1，超出预算 %2</translation>
    </message>
    <message>
        <source>the forecast of %1 GPU-hours passes the %2 GPU-hours of the plan</source>
        <translation>预测 %1 GPU 小时，超出规划的 %2 GPU 小时</translation>
    </message>
    <message>
        <source>the forecast of %1 is %2% above the plan&apos;s %3</source>
        <translation>预测 %1 比规划的 %3 高出 %2%</translation>
    </message>
    <message>
        <source>Plan against actual (%1, %2; amounts before tax)
</source>
        <translation>规划与实际对比（%1，%2；税前金额）
</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>月份</translation>
    </message>
    <message>
        <source>Planned</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>Actual</source>
        <translation>实际</translation>
    </message>
    <message>
        <source>Variance</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>Tax</source>
        <translation>税费</translation>
    </message>
    <message>
        <source>GPU-h planned</source>
        <translation>规划 GPU 小时</translation>
    </message>
    <message>
        <source>GPU-h actual</source>
        <translation>实际 GPU 小时</translation>
    </message>
    <message>
        <source>Forecast to the end of the plan: %1 (range %2 to %3) from %4 per day over the last %5 days to %6; planned %7
</source>
        <translation>至规划结束的预测：%1（范围 %2 至 %3），依据截至 %6 的最近 %5 天每天 %4；规划 %7
</translation>
    </message>
    <message>
        <source>Warning: %1
</source>
        <translation>警告：%1
</translation>
    </message>
    <message>
        <source>Note: %1
</source>
        <translation>说明：%1
</translation>
    </message>
    <message>
        <source>vouchers and promotional credits paid %1 of it: counted as spend, since they pay the bill rather than lower it</source>
        <translation>代金券和赠送额度支付了其中 %1：计入支出，因为它们是支付账单，而不是降低费用</translation>
    </message>
    <message>
        <source>the spend mixes billed cost (%1) with amortised cost (%2): commitments count as bought in one and spread over their term in the other; import the amortised export of each provider where it has one</source>
        <translation>支出混合了实付成本（%1）与摊销成本（%2）：承诺在前者中按购买计入，在后者中按期限分摊；请尽量导入各服务商的摊销账单</translation>
    </message>
</context>
<context>
    <name>PlanRecordText</name>
    <message>
        <source>is empty</source>
        <translation>为空</translation>
    </message>
    <message>
        <source>The plan was made in %1 and is now shown in %2: its amounts are not compared.</source>
        <translation>方案当时以 %1 计价，现在以 %2 显示：金额不作比较。</translation>
    </message>
    <message>
        <source>Recommendation: %1 (%2) then, %3 (%4) now.</source>
        <translation>推荐方案：当时为 %1（%2），现在为 %3（%4）。</translation>
    </message>
    <message>
        <source>Recommendation: %1 (%2) then; no option is usable now.</source>
        <translation>推荐方案：当时为 %1（%2）；现在没有可用选项。</translation>
    </message>
    <message>
        <source>Main run: %1 then, %2 now (%3).</source>
        <translation>主训练：当时 %1，现在 %2（%3）。</translation>
    </message>
    <message>
        <source>Whole project: %1 then, %2 now (%3).</source>
        <translation>整个项目：当时 %1，现在 %2（%3）。</translation>
    </message>
    <message>
        <source>%1: no longer usable under the scenario&apos;s constraints (was %2/h, %3).</source>
        <translation>%1：在场景约束下已不可用（当时 %2/小时，%3）。</translation>
    </message>
    <message>
        <source>Since this plan was made on %1 (%2): nothing changed.</source>
        <translation>自 %1 制定此方案以来（%2）：没有变化。</translation>
    </message>
    <message>
        <source>Since this plan was made on %1 (%2):</source>
        <translation>自 %1 制定此方案以来（%2）：</translation>
    </message>
</context>
<context>
    <name>PlanText</name>
    <message numerus="yes">
        <source>%n of these instance(s) are the spare capacity you stated, paid for the whole run.</source>
        <translation>
            <numerusform>其中 %n 个实例是您说明的备用容量，整个训练期间都要付费。</numerusform>
        </translation>
    </message>
    <message>
        <source>no</source>
        <translation>无</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>interconnect</source>
        <translation>GPU 互连</translation>
    </message>
    <message>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>memory capacity</source>
        <translation>显存容量</translation>
    </message>
    <message>
        <source>on-demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>spot</source>
        <translation>竞价</translation>
    </message>
    <message>
        <source>no layout holds the job in the GPUs&apos; memory</source>
        <translation>没有任何并行布局能把作业放进 GPU 显存</translation>
    </message>
    <message>
        <source>the GPU has no published peak for this precision</source>
        <translation>该 GPU 没有公布此精度下的峰值算力</translation>
    </message>
    <message>
        <source>the workload lacks a number the estimate needs</source>
        <translation>工作负载缺少估算所需的数值</translation>
    </message>
    <message>
        <source>one replica needs more GPUs than one NVLink domain</source>
        <translation>一个副本需要的 GPU 超过一个 NVLink 域</translation>
    </message>
    <message>
        <source>the latency targets cannot be met on this GPU</source>
        <translation>此 GPU 无法达到延迟目标</translation>
    </message>
    <message>
        <source>the global batch is smaller than the data-parallel width</source>
        <translation>全局批大小小于数据并行宽度</translation>
    </message>
    <message>
        <source>the tensor and pipeline sizes set do not fit this GPU count</source>
        <translation>设定的张量并行与流水线并行规模不适合此 GPU 数量</translation>
    </message>
    <message>
        <source>%1 %2 in %3 (%4)</source>
        <translation>%1 %2，%3（%4）</translation>
    </message>
    <message>
        <source>never</source>
        <translation>永不</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>Does not fit: %1.</source>
        <translation>无法运行：%1。</translation>
    </message>
    <message>
        <source>Needs %1 GPUs on %2 instance(s), more than the limit allows.</source>
        <translation>需要 %2 个实例上的 %1 个 GPU，超过上限。</translation>
    </message>
    <message>
        <source>Needs %1 instances but this type has no RDMA network, which multi-node runs require here.</source>
        <translation>需要 %1 个实例，但此类型没有 RDMA 网络，而此处多节点运行要求 RDMA。</translation>
    </message>
    <message>
        <source>No FX rate from %1 to %2; add one under assumptions.fx.</source>
        <translation>没有从 %1 到 %2 的汇率；请在“假设”页的汇率表中添加。</translation>
    </message>
    <message>
        <source>Expects %1 spot interruptions over the run, more than the spot tolerance allows (%2).</source>
        <translation>预计运行期间竞价实例中断 %1 次，超过竞价容忍度允许的次数（%2）。</translation>
    </message>
    <message>
        <source>%1 x %2 (%3) serve the demand; priced for %4 month(s).</source>
        <translation>%1 × %2（%3）满足需求；按 %4 个月计价。</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 个 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <source>1 TPU chip</source>
        <translation>1 个 TPU 芯片</translation>
    </message>
    <message>
        <source>%1 TPU chips</source>
        <translation>%1 个 TPU 芯片</translation>
    </message>
    <message>
        <source>%1 x %2 (%3) finish in %4 without interruptions; bottleneck: %5.</source>
        <translation>%1 × %2（%3）在无中断时 %4 完成；瓶颈：%5。</translation>
    </message>
    <message>
        <source>Spot: %1 of instances interrupted per month, checkpoints every %2, %3 to restart; P50 %4, P90 %5.</source>
        <translation>竞价：每月 %1 的实例被中断，每 %2 保存一次检查点，重启需 %3；P50 %4，P90 %5。</translation>
    </message>
    <message>
        <source>Spot: %1 of instances interrupted per month; this %2 run ends before its first checkpoint (every %3), so an interruption restarts it from the beginning, %4 to restart; P50 %5, P90 %6.</source>
        <translation>竞价：每月 %1 的实例被中断；本次 %2 的运行在第一次检查点（每 %3）之前就结束，中断后须从头重跑，重启需 %4；P50 %5，P90 %6。</translation>
    </message>
    <message>
        <source>Meets the %1 deadline with %2 probability.</source>
        <translation>以 %2 的概率在 %1 截止时间内完成。</translation>
    </message>
    <message>
        <source>Meets the %1 deadline.</source>
        <translation>满足 %1 的截止时间。</translation>
    </message>
    <message>
        <source>Misses the %1 deadline by %2.</source>
        <translation>超出 %1 的截止时间 %2。</translation>
    </message>
    <message>
        <source>Within the %1 budget.</source>
        <translation>在 %1 的预算之内。</translation>
    </message>
    <message>
        <source>Stays within the %1 budget with %2 probability.</source>
        <translation>以 %2 的概率不超出 %1 的预算。</translation>
    </message>
    <message>
        <source>Over the %1 budget.</source>
        <translation>超出 %1 的预算。</translation>
    </message>
    <message>
        <source>Includes %1 of storage and egress.</source>
        <translation>含存储和出网流量费用 %1。</translation>
    </message>
    <message>
        <source>Priced in %1, shown in %2.</source>
        <translation>以 %1 计价，以 %2 显示。</translation>
    </message>
    <message>
        <source>No offer can run this workload under the constraints.</source>
        <translation>在当前约束下，没有任何报价能运行此工作负载。</translation>
    </message>
    <message>
        <source>the %1 deadline</source>
        <translation>%1 的截止时间</translation>
    </message>
    <message>
        <source>the %1 budget</source>
        <translation>%1 的预算</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
    </message>
    <message>
        <source>%1: the cheapest option.</source>
        <translation>%1：最便宜的选项。</translation>
    </message>
    <message>
        <source>No option meets %1 with %2 probability; %3 gives the best chance (%4).</source>
        <translation>没有选项能以 %2 的概率满足%1；%3 的机会最大（%4）。</translation>
    </message>
    <message>
        <source> Expected cost %1</source>
        <translation>预期成本 %1</translation>
    </message>
    <message>
        <source>, %1 (P90 %2)</source>
        <translation>，%1（P90 %2）</translation>
    </message>
    <message>
        <source> %1 below the cheapest on-demand option (%2 %3 in %4 at %5).</source>
        <translation>比最便宜的按需选项（%2 %3，%4，%5）低 %1。</translation>
    </message>
    <message>
        <source>%1: the cheapest option that meets %2 with at least %3 probability.</source>
        <translation>%1：以至少 %3 的概率满足%2的最便宜选项。</translation>
    </message>
    <message>
        <source>.</source>
        <comment>ends the expected-cost sentence</comment>
        <translation>。</translation>
    </message>
    <message>
        <source>standard reserved</source>
        <translation>标准预留</translation>
    </message>
    <message>
        <source>convertible reserved</source>
        <translation>可转换预留</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>%1-month compute savings plan, %2 upfront</source>
        <translation>%1 个月计算型节省计划，%2预付</translation>
    </message>
    <message>
        <source>%1-month instance savings plan, %2 upfront</source>
        <translation>%1 个月实例型节省计划，%2预付</translation>
    </message>
    <message>
        <source>%1-month savings plan, %2 upfront</source>
        <translation>%1 个月节省计划，%2预付</translation>
    </message>
    <message>
        <source>%1-month %2, %3 upfront</source>
        <translation>%1 个月%2，%3预付</translation>
    </message>
    <message>
        <source>capacity block, %1 day(s)</source>
        <translation>容量块，%1 天</translation>
    </message>
    <message>
        <source>Price observed %1, over 6 months ago: refresh the catalog or check the provider&apos;s page.</source>
        <translation>价格观测于 %1，已超过 6 个月：请刷新目录或查看提供商的页面。</translation>
    </message>
    <message>
        <source>Its price was observed on %1.</source>
        <translation>其价格观测于 %1。</translation>
    </message>
    <message>
        <source>A comparable offer has a fresher price: %1 %2 in %3 at %4 per hour (observed %5).</source>
        <translation>有可比报价的价格更新：%1 %2（%3），每小时 %4（观测于 %5）。</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n day(s) ago</source>
        <translation>
            <numerusform>%1，%n 天前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n month(s) ago</source>
        <translation>
            <numerusform>%1，%n 个月前</numerusform>
        </translation>
    </message>
    <message>
        <source>date unknown</source>
        <translation>日期未知</translation>
    </message>
    <message>
        <source>reserved %1 mo</source>
        <translation>预留 %1 个月</translation>
    </message>
    <message>
        <source>savings plan %1 mo</source>
        <translation>节省计划 %1 个月</translation>
    </message>
    <message>
        <source>capacity block</source>
        <translation>容量块</translation>
    </message>
    <message>
        <source>%1, as of %2</source>
        <translation>%1，截至 %2</translation>
    </message>
    <message>
        <source>Left out: its price is suspect (%1). Include suspect offers to consider it.</source>
        <translation>已排除：其价格可疑（%1）。包含可疑报价后才会考虑它。</translation>
    </message>
    <message>
        <source>The run needs %1, longer than the longest capacity block (%2).</source>
        <translation>运行需要 %1，超过最长的容量块（%2）。</translation>
    </message>
    <message>
        <source>Interruption rate %1 a month from the scenario (%2).</source>
        <translation>来自场景的中断率：每月 %1（%2）。</translation>
    </message>
    <message>
        <source>Interruption bucket %1 from %2.</source>
        <translation>中断区间 %1，来自 %2。</translation>
    </message>
    <message>
        <source>No published interruption figure for this offer: the default %1 a month is assumed; give the provider&apos;s figure under assumptions.interruption if you have it.</source>
        <translation>此报价没有公布的中断数据：假定为默认值每月 %1；如有提供商的数据，请填写在 assumptions.interruption 中。</translation>
    </message>
    <message>
        <source>This plan assumes %1 spot instances of %2 at once in %3; a fleet that large may not be obtainable in one region.</source>
        <translation>此方案假定在 %3 同时使用 %1 个 %2 竞价实例；在单个区域可能无法获得如此规模的实例。</translation>
    </message>
    <message>
        <source>%1: the commitment costs %2 over %3 term(s), used or not; each GPU-hour this job uses costs %4 at %5 use of the term; it beats on-demand above %6 utilization.</source>
        <translation>%1：无论是否使用，该承诺在 %3 个期限内共花费 %2；按期限使用率 %5 计，此作业每使用一个 GPU 小时花费 %4；使用率高于 %6 时比按需更划算。</translation>
    </message>
    <message>
        <source>Commitment price: %1.</source>
        <translation>承诺价格：%1。</translation>
    </message>
    <message>
        <source>Capacity block booked for %1 day(s) at %2 per instance-hour: %3 paid for the booking. Price: %4.</source>
        <translation>容量块预订 %1 天，每实例小时 %2：预订共支付 %3。价格：%4。</translation>
    </message>
    <message>
        <source>Suspect price, included on request: %1.</source>
        <translation>可疑价格，应要求已包含：%1。</translation>
    </message>
    <message>
        <source>host data pipeline</source>
        <translation>主机数据管道</translation>
    </message>
    <message>
        <source>Left out: %1 GPUs for a job this small buy no time; %2 of its %3 is the fixed start-up, and far fewer GPUs would finish under 5% later.</source>
        <translation>已排除：对这么小的任务，%1 个 GPU 节省不了时间；%3 中有 %2 是固定的启动时间，用少得多的 GPU 也只会晚不到 5% 完成。</translation>
    </message>
    <message>
        <source>%1 x %2 (%3) serve the demand; priced for %4 month(s), the months of the phase &quot;%5&quot;.</source>
        <translation>%1 台 %2（%3）满足需求；按 %4 个月计价，即阶段“%5”的月数。</translation>
    </message>
    <message>
        <source>%1 has no %2: estimated in %3, the format it runs.</source>
        <translation>%1 不支持 %2：按它实际运行的 %3 估算。</translation>
    </message>
    <message>
        <source>The spec table has no %1 rate for %2: estimated at its %3 rate, which may understate it.</source>
        <translation>规格表中没有 %2 的 %1 算力：按其 %3 算力估算，可能偏低。</translation>
    </message>
    <message>
        <source>%1-month commitment, %2 upfront, your terms</source>
        <translation>%1 个月承诺，%2预付，您的条款</translation>
    </message>
    <message>
        <source>Your quote has no date: give the day it was made, so its age shows.</source>
        <translation>您的报价没有日期：请填写报价日期，以便显示其时效。</translation>
    </message>
    <message>
        <source>Your quote of %1 is over 6 months old: check that it still stands.</source>
        <translation>您 %1 的报价已超过 6 个月：请确认它仍然有效。</translation>
    </message>
    <message>
        <source>undated</source>
        <translation>无日期</translation>
    </message>
    <message>
        <source>your quoted price of %1 (%2)</source>
        <translation>您 %1 获得的报价（%2）</translation>
    </message>
    <message>
        <source>your negotiated %1 discount off on-demand of %2 (%3)</source>
        <translation>您 %2 协商的按需价格折扣 %1（%3）</translation>
    </message>
    <message>
        <source>%1-month subscription, prepaid</source>
        <translation>包年包月 %1 个月（预付）</translation>
    </message>
    <message>
        <source>refresh Alibaba Cloud from its published price file, which lists 1-, 12- and 36-month subscriptions and needs no account (gpu-planner-cli refresh --source native --provider alicloud, or Tools ▸ Refresh prices… with the provider&apos;s own API)</source>
        <translation>从阿里云公开发布的价格文件刷新阿里云价格，该文件列出 1、12 和 36 个月的包年包月，无需账号（gpu-planner-cli refresh --source native --provider alicloud，或通过“工具 ▸ 刷新价格…”使用该服务商自己的 API）</translation>
    </message>
    <message>
        <source>refresh Tencent Cloud from its price API with an account (Settings ▸ API keys, or GPUPLANNER_TENCENT_SECRET_ID and GPUPLANNER_TENCENT_SECRET_KEY with gpu-planner-cli refresh --source native --provider tencentcloud)</source>
        <translation>用账号从腾讯云的价格 API 刷新腾讯云价格（在“设置 ▸ API 密钥”中填写，或为 gpu-planner-cli refresh --source native --provider tencentcloud 设置 GPUPLANNER_TENCENT_SECRET_ID 和 GPUPLANNER_TENCENT_SECRET_KEY）</translation>
    </message>
    <message>
        <source>refresh Huawei Cloud from its price API with an account (Settings ▸ API keys, or the GPUPLANNER_HUAWEI_* variables with gpu-planner-cli refresh --source native --provider huaweicloud)</source>
        <translation>用账号从华为云的价格 API 刷新华为云价格（在“设置 ▸ API 密钥”中填写，或为 gpu-planner-cli refresh --source native --provider huaweicloud 设置 GPUPLANNER_HUAWEI_* 变量）</translation>
    </message>
    <message>
        <source>No option of this plan has a subscription or reserved price in the catalog (%1 is priced pay-as-you-go only here).</source>
        <translation>此方案的选项在目录中都没有包年包月或预留价格（%1 在此仅有按需价格）。</translation>
    </message>
    <message>
        <source>The catalog has no subscription or reserved price for %1 %2 in %3.</source>
        <translation>目录中没有 %1 %2（%3）的包年包月或预留价格。</translation>
    </message>
    <message>
        <source>If the provider sells one, add its dated quote as a negotiated term (provider, quoted price or discount, term, source and date) to compare it.</source>
        <translation>如果该服务商有售，请将其注明日期的报价添加为协商期限（提供商、报价或折扣、期限、来源和日期）以进行比较。</translation>
    </message>
    <message>
        <source>To compare one, %1, or add a dated quote as a negotiated term (quoted price or discount, term, source and date).</source>
        <translation>如需比较，请%1，或将注明日期的报价添加为协商期限（报价或折扣、期限、来源和日期）。</translation>
    </message>
    <message numerus="yes">
        <source>Spot capacity can be reclaimed at about %1 a month per instance: priced with %n spare replica(s) (at least one), so the replicas the load needs are up %2 of the time when a reclaimed one takes %3 to replace (assumptions serving_availability and restart_overhead); each interruption drops that replica&apos;s requests in flight.</source>
        <translation>
            <numerusform>竞价容量每个实例每月约有 %1 的概率被回收：按 %n 个备用副本（至少一个）计价，这样在替换一个被回收的副本需要 %3 时，负载所需的副本仍有 %2 的时间可用（假设项 serving_availability 和 restart_overhead）；每次中断都会丢失该副本正在处理的请求。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PortfolioRecordText</name>
    <message>
        <source>%1 %2 in %3</source>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source>%1: on-demand</source>
        <translation>%1：按需</translation>
    </message>
    <message>
        <source>%1 instance(s)</source>
        <translation>%1 个实例</translation>
    </message>
    <message>
        <source>%1/h</source>
        <translation>%1/小时</translation>
    </message>
    <message>
        <source>the team&apos;s pool</source>
        <translation>团队共享池</translation>
    </message>
    <message>
        <source>%1, %2, for %3</source>
        <translation>%1，%2，用于 %3</translation>
    </message>
    <message>
        <source>is empty</source>
        <translation>为空</translation>
    </message>
    <message>
        <source>%1: no longer among what the portfolio&apos;s plan can use (was %2/h, %3).</source>
        <translation>%1：已不在投资组合方案可用的选项中（当时 %2/小时，%3）。</translation>
    </message>
    <message>
        <source>Purchase plan: %1 from %2, %3 then; not bought now.</source>
        <translation>采购计划：%1，自 %2 起，当时 %3；现在不再购买。</translation>
    </message>
    <message>
        <source>Purchase plan: %1 from %2, %3 then, %4 now.</source>
        <translation>采购计划：%1，自 %2 起，当时 %3，现在 %4。</translation>
    </message>
    <message>
        <source>Purchase plan: %1 from %2, %3 now (%4/h, %5); not bought then.</source>
        <translation>采购计划：%1，自 %2 起，现在 %3（%4/小时，%5）；当时未购买。</translation>
    </message>
    <message>
        <source>The portfolio was priced in %1 and is now planned in %2: its amounts are not compared.</source>
        <translation>投资组合当时以 %1 计价，现在以 %2 规划：金额不作比较。</translation>
    </message>
    <message>
        <source>Expected cost: %1 then, %2 now (%3).</source>
        <translation>预期成本：当时 %1，现在 %2（%3）。</translation>
    </message>
    <message>
        <source>Saving against all on-demand: %1 then, %2 now.</source>
        <translation>相对全部按需的节省：当时 %1，现在 %2。</translation>
    </message>
    <message>
        <source>Since this portfolio was priced on %1 (%2): nothing changed.</source>
        <translation>自 %1 为此投资组合定价以来（%2）：没有变化。</translation>
    </message>
    <message>
        <source>Since this portfolio was priced on %1 (%2):</source>
        <translation>自 %1 为此投资组合定价以来（%2）：</translation>
    </message>
</context>
<context>
    <name>PriceWatchText</name>
    <message>
        <source>“%1” reached your target of %2: it costs %3 now, %4 when saved on %5.</source>
        <translation>“%1”已达到您的目标价 %2：现在 %3，%5 保存时为 %4。</translation>
    </message>
    <message>
        <source>“%1” is %2% cheaper: %3 now, %4 when saved on %5.</source>
        <translation>“%1”便宜了 %2%：现在 %3，%5 保存时为 %4。</translation>
    </message>
    <message>
        <source>“%1” is %2% dearer: %3 now, %4 when saved on %5.</source>
        <translation>“%1”贵了 %2%：现在 %3，%5 保存时为 %4。</translation>
    </message>
    <message>
        <source>The recommendation changed too.</source>
        <translation>推荐方案也变了。</translation>
    </message>
</context>
<context>
    <name>PricedOnText</name>
    <message>
        <source>catalog %1</source>
        <translation>目录 %1</translation>
    </message>
    <message>
        <source>catalog %1, prices of %2</source>
        <translation>目录 %1，价格日期 %2</translation>
    </message>
    <message>
        <source>catalog %1, prices %2 to %3</source>
        <translation>目录 %1，价格日期 %2 至 %3</translation>
    </message>
    <message>
        <source>is not an ISO 8601 date and time</source>
        <translation>不是 ISO 8601 日期时间</translation>
    </message>
    <message>
        <source>is missing: the record cannot say what the plan was priced on</source>
        <translation>缺失：该记录无法说明方案基于哪些价格</translation>
    </message>
    <message>
        <source>is not a positive rate</source>
        <translation>不是正数汇率</translation>
    </message>
    <message>
        <source>%1: %2/h then (%3), %4/h now (%5).</source>
        <translation>%1：当时 %2/小时（%3），现在 %4/小时（%5）。</translation>
    </message>
    <message>
        <source>%1: withdrawn, no longer in the catalog (was %2/h, %3).</source>
        <translation>%1：已下架，目录中已没有（当时 %2/小时，%3）。</translation>
    </message>
    <message>
        <source>%1: no prices in the catalog now (they were of %2).</source>
        <translation>%1：目录中现在没有价格（当时的价格日期为 %2）。</translation>
    </message>
    <message>
        <source>%1 prices: of %2 then, of %3 now.</source>
        <translation>%1 价格：当时日期 %2，现在日期 %3。</translation>
    </message>
    <message>
        <source>%1: in the catalog now (prices of %2), not then.</source>
        <translation>%1：现在在目录中（价格日期 %2），当时没有。</translation>
    </message>
    <message>
        <source>%1 per USD: %2 then, %3 now (%4).</source>
        <translation>每美元兑 %1：当时 %2，现在 %3（%4）。</translation>
    </message>
    <message>
        <source>Calibrations: %1 then, %2 now.</source>
        <translation>校准：当时 %1，现在 %2。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Made with GPU Planner %1; this is %2: its estimates may differ too.</source>
        <translation>当时用 GPU Planner %1 制作；当前为 %2：估算结果也可能不同。</translation>
    </message>
</context>
<context>
    <name>RecordedPortfolio</name>
    <message>
        <source>&lt;b&gt;Recorded plan of %1&lt;/b&gt; (%2), not today&apos;s prices: expected cost &lt;b&gt;%3&lt;/b&gt;.</source>
        <translation>&lt;b&gt;%1 记录的方案&lt;/b&gt;（%2），并非今天的价格：预期成本 &lt;b&gt;%3&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>All on-demand %1: this plan saved %2.</source>
        <translation>全部按需 %1：此方案当时节省 %2。</translation>
    </message>
    <message>
        <source>Recorded with GPU Planner %1. Utilisation, spend and the cost of being wrong are shown for today&apos;s plan only.</source>
        <translation>由 GPU Planner %1 记录。利用率、支出和判断失误的代价仅针对今天的方案显示。</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>月份</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Commitment</source>
        <translation>承诺</translation>
    </message>
    <message>
        <source>What and for whom</source>
        <translation>内容与用途</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <source>Price source</source>
        <translation>价格来源</translation>
    </message>
    <message>
        <source>%1/h</source>
        <translation>%1/小时</translation>
    </message>
</context>
<context>
    <name>RefreshErrorText</name>
    <message>
        <source>no API key for this provider: add it in Settings ▸ API keys</source>
        <translation>此服务商没有 API 密钥：请在“设置 ▸ API 密钥”中添加</translation>
    </message>
    <message>
        <source>the provider refused the API key: check it in Settings ▸ API keys</source>
        <translation>服务商拒绝了 API 密钥：请在“设置 ▸ API 密钥”中检查</translation>
    </message>
    <message>
        <source>the provider is limiting requests: try again later</source>
        <translation>服务商正在限制请求频率：请稍后再试</translation>
    </message>
    <message>
        <source>the provider has no price list at that address</source>
        <translation>服务商在该地址没有价格表</translation>
    </message>
    <message>
        <source>the provider&apos;s server failed: try again later</source>
        <translation>服务商的服务器出错：请稍后再试</translation>
    </message>
    <message>
        <source>the provider&apos;s address could not be found: check the network connection</source>
        <translation>找不到服务商的地址：请检查网络连接</translation>
    </message>
    <message>
        <source>the connection timed out: check the network connection or try again</source>
        <translation>连接超时：请检查网络连接或重试</translation>
    </message>
    <message>
        <source>the secure connection failed (the server&apos;s certificate was not accepted)</source>
        <translation>安全连接失败（服务器证书未被接受）</translation>
    </message>
    <message>
        <source>the provider could not be reached: check the network connection</source>
        <translation>无法连接服务商：请检查网络连接</translation>
    </message>
    <message>
        <source>the provider refused this computer&apos;s time: check the clock</source>
        <translation>服务商拒绝了本机的时间：请检查系统时钟</translation>
    </message>
    <message>
        <source>the provider&apos;s answer is larger than the limit</source>
        <translation>服务商的响应超过大小上限</translation>
    </message>
    <message>
        <source>the provider&apos;s answer could not be read: its format may have changed</source>
        <translation>无法读取服务商的响应：其格式可能已变更</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>ScenarioText</name>
    <message>
        <source>is not one of %1</source>
        <translation>不是 %1 之一</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>（缺失）</translation>
    </message>
    <message>
        <source>unknown field</source>
        <translation>未知字段</translation>
    </message>
    <message>
        <source>is not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <source>is outside %1 to %2</source>
        <translation>不在 %1 到 %2 之间</translation>
    </message>
    <message>
        <source>is not a currency GPU Planner knows (USD, EUR, CNY, GBP, JPY, ...)</source>
        <translation>不是 GPU Planner 认识的货币（USD、EUR、CNY、GBP、JPY 等）</translation>
    </message>
    <message>
        <source>is not a count (2T, 300B, 1.5e9)</source>
        <translation>不是数量（2T、300B、1.5e9）</translation>
    </message>
    <message>
        <source>is not a duration (30d, 12h, 10min)</source>
        <translation>不是时长（30d、12h、10min）</translation>
    </message>
    <message>
        <source>is not a duration in seconds (0.5, 500ms)</source>
        <translation>不是以秒计的时长（0.5、500ms）</translation>
    </message>
    <message>
        <source>is not a whole number</source>
        <translation>不是整数</translation>
    </message>
    <message>
        <source>is not a string</source>
        <translation>不是字符串</translation>
    </message>
    <message>
        <source>is not true or false</source>
        <translation>不是 true 或 false</translation>
    </message>
    <message>
        <source>is not an object</source>
        <translation>不是对象</translation>
    </message>
    <message>
        <source>is not an array</source>
        <translation>不是数组</translation>
    </message>
    <message>
        <source>is not a date (2026-09 or 2026-09-01)</source>
        <translation>不是日期（2026-09 或 2026-09-01）</translation>
    </message>
    <message>
        <source>missing (2026-09)</source>
        <translation>缺失（2026-09）</translation>
    </message>
    <message>
        <source>give exactly one load: gpu_hours_per_month, gpus or main_run</source>
        <translation>请只给出一种负载：gpu_hours_per_month、gpus 或 main_run</translation>
    </message>
    <message>
        <source>needs currency (3 letters), per_usd and source</source>
        <translation>需要 currency（3 个字母）、per_usd 和 source</translation>
    </message>
    <message>
        <source>is not one of &lt;5%, 5-10%, 10-15%, 15-20%, &gt;20%</source>
        <translation>不是 &lt;5%、5-10%、10-15%、15-20%、&gt;20% 之一</translation>
    </message>
    <message>
        <source>give monthly or bucket</source>
        <translation>请给出 monthly 或 bucket</translation>
    </message>
    <message>
        <source>needs provider and source</source>
        <translation>需要 provider 和 source</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>not JSON at offset %1: %2</source>
        <translation>偏移 %1 处不是 JSON：%2</translation>
    </message>
    <message>
        <source>(root): not a JSON object</source>
        <translation>（根）：不是 JSON 对象</translation>
    </message>
    <message>
        <source>is not a scenario version (this build reads version %1)</source>
        <translation>不是方案版本号（此版本读取第 %1 版）</translation>
    </message>
    <message>
        <source>is not supported (this build reads version %1)</source>
        <translation>不受支持（此版本读取第 %1 版）</translation>
    </message>
    <message>
        <source>is not an ISO currency code</source>
        <translation>不是 ISO 货币代码</translation>
    </message>
    <message>
        <source>is not above 0</source>
        <translation>不大于 0</translation>
    </message>
    <message>
        <source>is not a known preset (%1)</source>
        <translation>不是已知的预设（%1）</translation>
    </message>
    <message>
        <source>workload.%1: missing (%2)</source>
        <translation>workload.%1: 缺失（%2）</translation>
    </message>
    <message>
        <source>a preset, or params with layers, hidden, heads and seq_len</source>
        <translation>需要预设，或 params 以及 layers、hidden、heads 和 seq_len</translation>
    </message>
    <message>
        <source>training needs a token count</source>
        <translation>训练需要 token 数量</translation>
    </message>
    <message>
        <source>vision needs the forward FLOPs per sample</source>
        <translation>视觉训练需要每个样本的前向 FLOPs</translation>
    </message>
    <message>
        <source>vision needs a sample count</source>
        <translation>视觉训练需要样本数量</translation>
    </message>
    <message>
        <source>inference needs a preset or a custom shape</source>
        <translation>推理需要预设或自定义结构</translation>
    </message>
    <message>
        <source>inference needs a demand: rps or tokens_per_second</source>
        <translation>推理需要需求量：rps 或 tokens_per_second</translation>
    </message>
    <message>
        <source>items per second measured on the reference GPUs</source>
        <translation>在参考 GPU 上测得的每秒条目数</translation>
    </message>
    <message>
        <source>the GPU the rate was measured on, e.g. A100-80GB</source>
        <translation>测得速率所用的 GPU，例如 A100-80GB</translation>
    </message>
    <message>
        <source>the tokens or samples the job processes</source>
        <translation>作业要处理的 token 或样本</translation>
    </message>
    <message>
        <source>is not a GPU in the catalog</source>
        <translation>不是目录中的 GPU</translation>
    </message>
    <message>
        <source>(%1) has no published memory bandwidth to scale the measured rate by</source>
        <translation>（%1）没有公布的显存带宽，无法换算实测速率</translation>
    </message>
    <message>
        <source>(%1) has no published compute peak to scale the measured rate by</source>
        <translation>（%1）没有公布的峰值算力，无法换算实测速率</translation>
    </message>
    <message>
        <source>missing (the provider that offered this term, e.g. &quot;aws&quot;)</source>
        <translation>缺失（提供此期限的提供商，例如 &quot;aws&quot;）</translation>
    </message>
    <message>
        <source>needs either discount (share off on-demand, 0.3) or price_per_hour (a quoted price per instance-hour), not both</source>
        <translation>需要 discount（按需价格的折扣比例，如 0.3）或 price_per_hour（每实例小时的报价）之一，不能同时提供</translation>
    </message>
    <message>
        <source>upfront_fee and currency go with a quoted price_per_hour, not a discount</source>
        <translation>upfront_fee 和 currency 需配合报价 price_per_hour 使用，不能配合 discount</translation>
    </message>
    <message>
        <source>missing (where the term comes from: the quote, the contract, the sales contact)</source>
        <translation>缺失（期限的来源：报价单、合同、销售联系人）</translation>
    </message>
    <message>
        <source>uses ¥, which is yuan or yen: write CNY or JPY, or set display_currency</source>
        <translation>使用了 ¥，它可能是人民币或日元：请写 CNY 或 JPY，或设置 display_currency</translation>
    </message>
    <message>
        <source>is in %1 but amounts here are in %2 (display_currency)</source>
        <translation>是 %1，但此处金额以 %2 计（display_currency）</translation>
    </message>
    <message>
        <source>is not a share (0.9 or 90%)</source>
        <translation>不是比例（0.9 或 90%）</translation>
    </message>
    <message>
        <source>is a vision network; this kind of work needs a language model</source>
        <translation>是视觉网络；这类工作需要语言模型</translation>
    </message>
    <message>
        <source>is a language model; vision training needs a vision network</source>
        <translation>是语言模型；视觉训练需要视觉网络</translation>
    </message>
    <message>
        <source>is not an amount (5000, 5k, $5,000, ¥30万)</source>
        <translation>不是金额（5000、5k、$5,000、¥30万）</translation>
    </message>
    <message>
        <source>is not a date (the day of the quote, 2026-11-02)</source>
        <translation>不是日期（报价日期，如 2026-11-02）</translation>
    </message>
    <message>
        <source>give provider, instance and region, or leave it out for the recommendation</source>
        <translation>请给出 provider、instance 和 region，或整项省略以使用推荐的实例</translation>
    </message>
</context>
<context>
    <name>TimelineText</name>
    <message>
        <source>%1 %2 spot</source>
        <translation>%1 %2 竞价</translation>
    </message>
    <message>
        <source>All on-demand</source>
        <translation>全部按需</translation>
    </message>
    <message>
        <source>Spot where allowed</source>
        <translation>允许处使用竞价</translation>
    </message>
    <message>
        <source>%1, %2% expected extra time from interruptions</source>
        <translation>%1，中断预计额外耗时 %2%</translation>
    </message>
    <message>
        <source>no phase allows spot</source>
        <translation>没有阶段允许竞价</translation>
    </message>
    <message>
        <source>The GPU has no TDP in the catalog; give ownership.tdp_w to count power.</source>
        <translation>目录中该 GPU 没有 TDP；请填写 ownership.tdp_w 以计算电费。</translation>
    </message>
    <message>
        <source>Own the hardware</source>
        <translation>自购硬件</translation>
    </message>
    <message>
        <source>%1 GPUs bought up front; load beyond them on-demand</source>
        <translation>预先购买 %1 个 GPU；超出部分按需</translation>
    </message>
    <message>
        <source>%1 base + on-demand</source>
        <translation>%1 基础 + 按需</translation>
    </message>
    <message>
        <source>%1 %2 in %3</source>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source>cheapest on-demand plan: %1</source>
        <translation>最便宜的按需方案：%1</translation>
    </message>
    <message>
        <source>Recommended instance on-demand</source>
        <translation>推荐实例按需</translation>
    </message>
    <message>
        <source>Chosen instance on-demand</source>
        <translation>所选实例按需</translation>
    </message>
    <message>
        <source>%1 GPU(s) on a %2 of %3 from %4, %5 term(s); the rest on-demand. Price: %6</source>
        <translation>自 %4 起，%1 个 GPU 采用 %3 的“%2”，共 %5 个期限；其余按需。价格：%6</translation>
    </message>
    <message>
        <source>no %1 base of %2 pays off at this load. Price: %3</source>
        <translation>在此负载下，%2 的任何“%1”基础都不划算。价格：%3</translation>
    </message>
    <message>
        <source>No commitment price for the chosen instance: add a negotiated term (provider, discount or quoted price, term, source) to compare one.</source>
        <translation>所选实例没有承诺价格：添加一个协商期限（提供商、折扣或报价、期限、来源）即可进行比较。</translation>
    </message>
    <message numerus="yes">
        <source>%1, with %n spare replica(s) that keep serving while a reclaimed one is replaced</source>
        <translation>
            <numerusform>%1，另有 %n 个备用副本，在被回收的副本替换期间继续提供服务</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TotalsText</name>
    <message numerus="yes">
        <source>Whole project (%n phase(s), %1 to %2)</source>
        <translation>
            <numerusform>整个项目（%n 个阶段，%1 至 %2）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 %3; all on-demand %4 (%5).</source>
        <translation>%1：%2 %3；全部按需 %4（%5）。</translation>
    </message>
    <message>
        <source>%1: all on-demand %2 (%3).</source>
        <translation>%1：全部按需 %2（%3）。</translation>
    </message>
    <message>
        <source>Main run: %1 expected (P90 %2) with %3.</source>
        <translation>主训练：预期 %1（P90 %2），采用 %3。</translation>
    </message>
    <message>
        <source>Main run on the cheapest on-demand option: %1 (%2).</source>
        <translation>最便宜的按需选项跑主训练：%1（%2）。</translation>
    </message>
    <message>
        <source>The planned job is not one of its phases: add it on the Timeline to count it.</source>
        <translation>计划的任务不在其阶段之中：请在“时间线”中添加它，才会计入。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>The same project priced otherwise: %1.</source>
        <translation>同一项目按其他方式计价：%1。</translation>
    </message>
</context>
<context>
    <name>WorkloadNames</name>
    <message>
        <source>Pre-training</source>
        <translation>预训练</translation>
    </message>
    <message>
        <source>Fine-tuning</source>
        <translation>微调</translation>
    </message>
    <message>
        <source>Vision training</source>
        <translation>视觉训练</translation>
    </message>
    <message>
        <source>Inference serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <source>Measured throughput</source>
        <translation>实测吞吐量</translation>
    </message>
    <message>
        <source>Full fine-tuning</source>
        <translation>全量微调</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA 适配器</translation>
    </message>
    <message>
        <source>QLoRA (4-bit base model)</source>
        <translation>QLoRA（4 位基础模型）</translation>
    </message>
    <message>
        <source>BF16 mixed precision</source>
        <translation>BF16 混合精度</translation>
    </message>
    <message>
        <source>FP16 mixed precision</source>
        <translation>FP16 混合精度</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>TF32</source>
        <translation>TF32</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::ActualsChart</name>
    <message>
        <source>Plan against actual, cumulative</source>
        <translation>规划与实际对比（累计）</translation>
    </message>
    <message>
        <source>Actual</source>
        <translation>实际</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Forecast</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>%1 (millions)</source>
        <translation>%1（百万）</translation>
    </message>
    <message>
        <source>%1 (thousands)</source>
        <translation>%1（千）</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::AssumptionsEditor</name>
    <message>
        <source>Scenario name:</source>
        <translation>场景名称：</translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation>未命名场景</translation>
    </message>
    <message>
        <source>A short name shown in reports and the window title.</source>
        <translation>显示在报告和窗口标题中的简短名称。</translation>
    </message>
    <message>
        <source>Display currency:</source>
        <translation>显示货币：</translation>
    </message>
    <message>
        <source>USD</source>
        <translation>USD</translation>
    </message>
    <message>
        <source>ISO code of the currency costs are shown in (USD, EUR, CNY…); converted with the catalog&apos;s FX rates.</source>
        <translation>显示成本所用货币的 ISO 代码（USD、EUR、CNY…）；按目录中的汇率换算。</translation>
    </message>
    <message>
        <source>Rank &amp;by:</source>
        <translation>排序依据(&amp;B)：</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Risk</source>
        <translation>风险</translation>
    </message>
    <message>
        <source>What the recommendation optimizes among the options that meet the constraints.</source>
        <translation>在满足约束的选项中，推荐所要优化的目标。</translation>
    </message>
    <message>
        <source>Efficiency o&amp;verride:</source>
        <translation>效率覆盖(&amp;V)：</translation>
    </message>
    <message>
        <source>documented default</source>
        <translation>文档默认值</translation>
    </message>
    <message>
        <source>Fraction of peak FLOPs the job reaches (0–1), e.g. 0.4 from your own measurements.</source>
        <translation>作业达到的峰值 FLOPs 比例（0–1），例如根据你自己的测量得出的 0.4。</translation>
    </message>
    <message>
        <source>Interruption rate:</source>
        <translation>中断率：</translation>
    </message>
    <message>
        <source>0.1 = 10% per month</source>
        <translation>0.1 = 每月 10%</translation>
    </message>
    <message>
        <source>Monthly chance that a spot instance is reclaimed where no provider figure is known (0–0.999).</source>
        <translation>在没有提供商数据时，竞价实例每月被回收的概率（0–0.999）。</translation>
    </message>
    <message>
        <source>Checkpoint interva&amp;l:</source>
        <translation>检查点间隔(&amp;L)：</translation>
    </message>
    <message>
        <source>1h</source>
        <translation>1h</translation>
    </message>
    <message>
        <source>How often the job saves a checkpoint; work since the last one is lost on interruption.</source>
        <translation>作业保存检查点的频率；中断时会丢失上一个检查点之后的工作。</translation>
    </message>
    <message>
        <source>Restart overhead:</source>
        <translation>重启开销：</translation>
    </message>
    <message>
        <source>10min</source>
        <translation>10min</translation>
    </message>
    <message>
        <source>Time to get a replacement instance and resume after an interruption.</source>
        <translation>中断后获取替代实例并恢复所需的时间。</translation>
    </message>
    <message>
        <source>Data &amp;stored:</source>
        <translation>存储的数据(&amp;S)：</translation>
    </message>
    <message>
        <source>GB; 0</source>
        <translation>GB；0</translation>
    </message>
    <message>
        <source>Dataset kept on cloud storage during the job, in GB (priced per GB-month).</source>
        <translation>作业期间保存在云存储上的数据集，单位 GB（按 GB·月计价）。</translation>
    </message>
    <message>
        <source>Chec&amp;kpoints stored:</source>
        <translation>存储的检查点(&amp;K)：</translation>
    </message>
    <message>
        <source>Checkpoint storage in GB.</source>
        <translation>检查点存储量，单位 GB。</translation>
    </message>
    <message>
        <source>Egress:</source>
        <translation>出站流量：</translation>
    </message>
    <message>
        <source>Data moved out of the cloud at the end (weights, results), in GB.</source>
        <translation>结束时移出云端的数据（权重、结果），单位 GB。</translation>
    </message>
    <message>
        <source>Serving &amp;months:</source>
        <translation>服务月数(&amp;M)：</translation>
    </message>
    <message>
        <source>Serving availability:</source>
        <translation>服务可用性：</translation>
    </message>
    <message>
        <source>0.999</source>
        <translation>0.999</translation>
    </message>
    <message>
        <source>Inference: share of time (0–1) the replicas the load needs must be up. Spot serving is priced with the spare replicas this takes when reclaimed ones are being replaced.</source>
        <translation>推理：负载所需的副本必须在线的时间比例（0–1）。竞价推理按替换被收回副本期间所需的备用副本计价。</translation>
    </message>
    <message>
        <source>1</source>
        <translation>1</translation>
    </message>
    <message>
        <source>Inference: how many months of serving to price.</source>
        <translation>推理：按多少个月的服务计价。</translation>
    </message>
    <message>
        <source>Commitment use:</source>
        <translation>承诺使用率：</translation>
    </message>
    <message>
        <source>1.0</source>
        <translation>1.0</translation>
    </message>
    <message>
        <source>Share (0–1) of a reserved term you expect to use; idle reserved hours still cost.</source>
        <translation>预计使用的预留期限比例（0–1）；闲置的预留时长同样计费。</translation>
    </message>
    <message>
        <source>Exchange rates:</source>
        <translation>汇率：</translation>
    </message>
    <message>
        <source>Rates this scenario uses instead of the catalog&apos;s: units of a currency per US dollar, with the rate&apos;s date and source. Currencies not listed use the catalog&apos;s stored rates (the ECB&apos;s reference rates after a refresh).</source>
        <translation>本方案用来代替目录汇率的汇率：每 1 美元可兑换的货币单位，并注明日期和来源。未列出的货币使用目录中保存的汇率（刷新后为欧洲央行参考汇率）。</translation>
    </message>
    <message>
        <source>Negotiated terms:</source>
        <translation>协商期限：</translation>
    </message>
    <message>
        <source>Commitment terms a provider offered you beyond its price list: a discount off its on-demand price or a quoted price per instance-hour, for a term in months, with where it comes from.</source>
        <translation>提供商在价目表之外向您提供的承诺期限：按需价格的折扣或每实例小时的报价，期限以月计，并注明来源。</translation>
    </message>
    <message>
        <source>Calibration:</source>
        <translation>校准：</translation>
    </message>
    <message>
        <source>Use my calibrations</source>
        <translation>使用我的校准</translation>
    </message>
    <message>
        <source>Estimates on a GPU model you measured with the benchmark probe (Catalog ▸ Calibrations…) use the measured rates, and other GPU models are scaled from the nearest run. Uncheck to plan with the documented defaults.</source>
        <translation>在你用基准探针实测过的 GPU 型号上，估算采用实测速率（目录 ▸ 校准…），其他 GPU 型号按最接近的运行换算。取消勾选则按文档中的默认值规划。</translation>
    </message>
    <message>
        <source>Billing pro&amp;ject:</source>
        <translation>账单项目(&amp;J)：</translation>
    </message>
    <message>
        <source>each line&apos;s own project tag</source>
        <translation>按每行自带的项目标签</translation>
    </message>
    <message>
        <source>The project tag your billing exports carry for this work (Catalog ▸ Actual spend…); the timeline sets that project&apos;s actual spend against the plan.</source>
        <translation>你的账单导出文件为这项工作标注的项目标签（目录 ▸ 实际支出…）；时间线将该项目的实际支出与计划对照。</translation>
    </message>
    <message>
        <source>Set by the serving phase &quot;%1&quot; on the Timeline tab: %2 month(s). Change the phase&apos;s months there; the plan and the timeline both use them.</source>
        <translation>由“时间线”页的服务阶段“%1”设定：%2 个月。请在那里修改该阶段的月数；方案和时间线都使用它。</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::CalibrationsDialog</name>
    <message>
        <source>Imported %1: a host-CPU run on %2, measured %3. It calibrates no catalog GPU.</source>
        <translation>已导入 %1：在 %2 上的主机 CPU 运行，测量于 %3。它不校准目录中的任何 GPU。</translation>
    </message>
    <message>
        <source>Imported %1: %2 on %3, measured %4. Estimates on %5 now use it; GPUs without a run of their own are scaled from it.</source>
        <translation>已导入 %1：%3 上的 %2，测量于 %4。%5 上的估算现已采用它；没有自己运行记录的 GPU 按它换算。</translation>
    </message>
    <message>
        <source>no catalog is open</source>
        <translation>未打开目录</translation>
    </message>
    <message>
        <source>&amp;Retry with this model</source>
        <translation>用此型号重试(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Re&amp;move</source>
        <translation>移除(&amp;M)</translation>
    </message>
    <message>
        <source>Calibrations</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Benchmark-probe runs on your own machines. Estimates on a measured GPU model use the measured rates; other GPU models are scaled from the nearest run. Import the probe&apos;s result files (.json), or drop them here. The probe: gpu-planner-cli probe --script.</source>
        <translation>你自己机器上的基准探针运行。在实测过的 GPU 型号上，估算采用实测速率；其他 GPU 型号按最接近的运行换算。导入探针的结果文件（.json），或将其拖放到此处。探针：gpu-planner-cli probe --script。</translation>
    </message>
    <message>
        <source>Working</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>Import probe result files (.json)</source>
        <translation>导入探针结果文件（.json）</translation>
    </message>
    <message>
        <source>Remove the selected run (Delete)</source>
        <translation>移除所选运行（Delete）</translation>
    </message>
    <message>
        <source>&amp;GPU model:</source>
        <translation>GPU 型号(&amp;G)：</translation>
    </message>
    <message>
        <source>Catalog GPU model the run was on</source>
        <translation>该运行所在的目录 GPU 型号</translation>
    </message>
    <message>
        <source>&amp;Skip</source>
        <translation>跳过(&amp;S)</translation>
    </message>
    <message>
        <source>the host-CPU run</source>
        <translation>主机 CPU 运行</translation>
    </message>
    <message>
        <source>Remove calibration</source>
        <translation>移除校准</translation>
    </message>
    <message>
        <source>Remove calibration %1 (%2 on %3, measured %4)?</source>
        <translation>移除校准 %1（%3 上的 %2，测量于 %4）？</translation>
    </message>
    <message>
        <source>Estimates on %1 go back to the documented defaults, or to the nearest other run.</source>
        <translation>%1 上的估算将恢复为文档中的默认值，或改用最接近的其他运行。</translation>
    </message>
    <message>
        <source>Import probe results</source>
        <translation>导入探针结果</translation>
    </message>
    <message>
        <source>Probe results (*.json);;All files (*)</source>
        <translation>探针结果 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Importing %1 files…</source>
        <translation>正在导入 %1 个文件…</translation>
    </message>
    <message>
        <source>Removing calibration %1…</source>
        <translation>正在移除校准 %1…</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>未导入：%1</translation>
    </message>
    <message>
        <source>Not removed: %1</source>
        <translation>未移除：%1</translation>
    </message>
    <message>
        <source>The stored runs cannot be read: %1</source>
        <translation>无法读取已存储的运行：%1</translation>
    </message>
    <message>
        <source>Calibration removed; estimates no longer use it.</source>
        <translation>校准已移除；估算不再使用它。</translation>
    </message>
    <message>
        <source>%1 reports the GPU &quot;%2&quot;. If the catalog has it under another name, pick the catalog GPU model the run was on and retry.</source>
        <translation>%1 报告的 GPU 为“%2”。如果目录中它用的是另一个名称，请选择该运行所在的目录 GPU 型号并重试。</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::CalibrationsModel</name>
    <message>
        <source>From %1, imported %2; probe %3</source>
        <translation>来自 %1，导入于 %2；探针版本 %3</translation>
    </message>
    <message>
        <source>host CPU</source>
        <translation>主机 CPU</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>GPU model</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>测量时间</translation>
    </message>
    <message>
        <source>bf16 TFLOP/s</source>
        <translation>bf16 TFLOP/s</translation>
    </message>
    <message>
        <source>fp16 TFLOP/s</source>
        <translation>fp16 TFLOP/s</translation>
    </message>
    <message>
        <source>Memory GB/s</source>
        <translation>显存带宽 GB/s</translation>
    </message>
    <message>
        <source>Training tokens/s</source>
        <translation>训练 token/s</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::CatalogStatusLabel</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>an unknown date</source>
        <translation>未知日期</translation>
    </message>
    <message>
        <source>Not refreshed yet</source>
        <translation>尚未刷新</translation>
    </message>
    <message>
        <source>Using the built-in prices as of %1. Use Tools ▸ Refresh prices… to download current prices.</source>
        <translation>正在使用截至 %1 的内置价格。使用“工具 ▸ 刷新价格…”下载最新价格。</translation>
    </message>
    <message>
        <source>Refreshed %1</source>
        <translation>已于 %1 刷新</translation>
    </message>
    <message>
        <source>Refreshed</source>
        <translation>已刷新</translation>
    </message>
    <message>
        <source>The last refresh reached the providers. The network is not checked again until the next refresh.</source>
        <translation>上次刷新已连接到各服务商。在下次刷新之前不会再次检查网络。</translation>
    </message>
    <message>
        <source>The last refresh reached some providers; these failed:
%1</source>
        <translation>上次刷新连接到了部分服务商；以下服务商失败：
%1</translation>
    </message>
    <message>
        <source>Offline · saved prices</source>
        <translation>离线 · 已保存的价格</translation>
    </message>
    <message>
        <source>The last refresh could not reach any provider; planning uses the prices as of %1.</source>
        <translation>上次刷新无法连接任何云服务商；规划使用截至 %1 的价格。</translation>
    </message>
    <message>
        <source>The last refresh could not reach any provider; planning uses the prices as of %1:
%2</source>
        <translation>上次刷新无法连接任何云服务商；规划使用截至 %1 的价格：
%2</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::CatalogTools</name>
    <message>
        <source>&amp;Refresh prices…</source>
        <translation>刷新价格(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Custom offers…</source>
        <translation>自定义报价(&amp;C)…</translation>
    </message>
    <message>
        <source>Download current prices from the providers</source>
        <translation>从各提供商下载最新价格</translation>
    </message>
    <message>
        <source>Enter negotiated prices or import them from a CSV file</source>
        <translation>输入协商价格，或从 CSV 文件导入</translation>
    </message>
    <message>
        <source>GPU specs</source>
        <translation>GPU 规格</translation>
    </message>
    <message>
        <source>&amp;GPU specs</source>
        <translation>GPU 规格(&amp;G)</translation>
    </message>
    <message>
        <source>Price &amp;history</source>
        <translation>价格历史(&amp;H)</translation>
    </message>
    <message>
        <source>Price history</source>
        <translation>价格历史</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>Exchange rates (ECB)</source>
        <translation>汇率（欧洲央行）</translation>
    </message>
    <message>
        <source>&amp;Calibrations…</source>
        <translation>校准(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Actual spend…</source>
        <translation>实际支出(&amp;A)…</translation>
    </message>
    <message>
        <source>Import benchmark-probe results so estimates use your measured rates</source>
        <translation>导入基准探针结果，使估算采用你实测的速率</translation>
    </message>
    <message>
        <source>Import billing exports to set actual spend against the plan</source>
        <translation>导入账单导出文件，将实际支出与计划对照</translation>
    </message>
    <message>
        <source>&amp;Catalog</source>
        <translation>目录(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Plan a portfolio…</source>
        <translation>规划投资组合(&amp;P)…</translation>
    </message>
    <message>
        <source>Commitments to buy for a team&apos;s workloads over up to 36 months, solved with GLPK</source>
        <translation>为团队最长 36 个月的工作负载规划应购买的承诺（用 GLPK 求解）</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::CommitmentsField</name>
    <message>
        <source>Negotiated commitment terms</source>
        <translation>协商的承诺期限</translation>
    </message>
    <message>
        <source>A&amp;dd term</source>
        <translation>添加期限(&amp;D)</translation>
    </message>
    <message>
        <source>Add term</source>
        <translation>添加期限</translation>
    </message>
    <message>
        <source>Add a term one provider offered you (Insert in the table).</source>
        <translation>添加某个提供商向您提供的期限（在表格中按 Insert）。</translation>
    </message>
    <message>
        <source>Remo&amp;ve term</source>
        <translation>删除期限(&amp;V)</translation>
    </message>
    <message>
        <source>Remove term</source>
        <translation>删除期限</translation>
    </message>
    <message>
        <source>Remove the rows of the selected cells (Delete in the table).</source>
        <translation>删除所选单元格所在的行（在表格中按 Delete）。</translation>
    </message>
    <message>
        <source>The catalog&apos;s reserved, savings-plan and capacity-block prices are compared without a row here. Add a row only for a term a provider offered you beyond its price list; no term ever applies to a provider it does not name.</source>
        <translation>目录中的预留、节省计划和容量块价格无需在此添加即会参与比较。仅当提供商在价目表之外向您提供期限时才添加一行；期限绝不会用于它未指明的提供商。</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::CommitmentsModel</name>
    <message>
        <source>Provider</source>
        <translation>提供商</translation>
    </message>
    <message>
        <source>The provider that offered the term, by its catalog id (aws, lambda, ...).</source>
        <translation>提供此期限的提供商，使用其目录 ID（aws、lambda 等）。</translation>
    </message>
    <message>
        <source>Instance types</source>
        <translation>实例类型</translation>
    </message>
    <message>
        <source>Which of its instance types the term covers, a pattern such as gpu_8x_h100*; blank: all of them.</source>
        <translation>期限涵盖其哪些实例类型，可用模式如 gpu_8x_h100*；留空表示全部。</translation>
    </message>
    <message>
        <source>Term (months)</source>
        <translation>期限（月）</translation>
    </message>
    <message>
        <source>How long the commitment runs, in months (12, 36).</source>
        <translation>承诺持续的时长，以月计（12、36）。</translation>
    </message>
    <message>
        <source>Upfront</source>
        <translation>预付方式</translation>
    </message>
    <message>
        <source>How much is paid before the term starts: none, partial or all.</source>
        <translation>期限开始前支付多少：none（无）、partial（部分）或 all（全部）。</translation>
    </message>
    <message>
        <source>Discount</source>
        <translation>折扣</translation>
    </message>
    <message>
        <source>Share off the provider&apos;s on-demand price (0.3 = 30 % off); or give a quoted price instead.</source>
        <translation>相对提供商按需价格的折扣比例（0.3 即优惠 30%）；也可改填报价。</translation>
    </message>
    <message>
        <source>Quoted price/h</source>
        <translation>报价/小时</translation>
    </message>
    <message>
        <source>The price per instance-hour you were quoted; or give a discount instead.</source>
        <translation>您获得的每实例小时报价；也可改填折扣。</translation>
    </message>
    <message>
        <source>Upfront fee</source>
        <translation>预付费用</translation>
    </message>
    <message>
        <source>With a quoted price: the amount paid per instance before the term starts.</source>
        <translation>配合报价：期限开始前每个实例支付的金额。</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>With a quoted price: the currency of the price and the fee (USD, EUR, CNY, ...).</source>
        <translation>配合报价：价格和费用的货币（USD、EUR、CNY 等）。</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Where the term comes from, shown in reports (the quote, the contract, the sales contact).</source>
        <translation>期限的来源，会显示在报告中（报价单、合同、销售联系人）。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a number</source>
        <translation>“%1”不是数字</translation>
    </message>
    <message>
        <source>%1 is outside %2</source>
        <translation>%1 超出范围 %2</translation>
    </message>
    <message>
        <source>missing; type the provider that offered this term (aws, lambda, ...)</source>
        <translation>缺失；请输入提供此期限的提供商（aws、lambda 等）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a provider in the catalog</source>
        <translation>“%1”不是目录中的提供商</translation>
    </message>
    <message>
        <source>missing; type the term in months (12, 36)</source>
        <translation>缺失；请输入以月计的期限（12、36）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a whole number of months from 1 to 120</source>
        <translation>“%1”不是 1 到 120 之间的整数月数</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not none, partial or all</source>
        <translation>“%1”不是 none、partial 或 all</translation>
    </message>
    <message>
        <source>missing; type a discount (0.3 = 30 % off) or a quoted price per hour</source>
        <translation>缺失；请输入折扣（0.3 即优惠 30%）或每小时报价</translation>
    </message>
    <message>
        <source>give a discount or a quoted price per hour, not both</source>
        <translation>请填写折扣或每小时报价之一，不能同时填写</translation>
    </message>
    <message>
        <source>0 to 0.95 (0.3 = 30 % off)</source>
        <translation>0 到 0.95（0.3 即优惠 30%）</translation>
    </message>
    <message>
        <source>0 to 1,000,000 per instance-hour</source>
        <translation>每实例小时 0 到 1,000,000</translation>
    </message>
    <message>
        <source>goes with a quoted price per hour, not a discount</source>
        <translation>需配合每小时报价使用，不能配合折扣</translation>
    </message>
    <message>
        <source>0 to 1,000,000,000</source>
        <translation>0 到 1,000,000,000</translation>
    </message>
    <message>
        <source>missing; the quoted price&apos;s currency (USD, EUR, CNY, ...)</source>
        <translation>缺失；报价的货币（USD、EUR、CNY 等）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a currency GPU Planner knows (USD, EUR, CNY, GBP, JPY, ...)</source>
        <translation>“%1”不是 GPU Planner 识别的货币（USD、EUR、CNY、GBP、JPY 等）</translation>
    </message>
    <message>
        <source>missing; say where the term comes from (the quote, the contract, the sales contact)</source>
        <translation>缺失；请说明期限的来源（报价单、合同、销售联系人）</translation>
    </message>
    <message>
        <source>Quote date</source>
        <translation>报价日期</translation>
    </message>
    <message>
        <source>The day the quote or contract was made (2026-11-02): plans and reports show its age.</source>
        <translation>报价或合同的日期（2026-11-02）：方案和报告会显示其时效。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a date; type the day of the quote as 2026-11-02</source>
        <translation>“%1”不是日期；请按 2026-11-02 的格式输入报价日期</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::ComparisonModel</name>
    <message>
        <source>Provider</source>
        <translation>提供商</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>区域</translation>
    </message>
    <message>
        <source>Billing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>Price / h</source>
        <translation>价格 / 小时</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>P90 cost</source>
        <translation>P90 成本</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>是否可行</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>interconnect</source>
        <translation>互连</translation>
    </message>
    <message>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>memory capacity</source>
        <translation>显存容量</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no: needs more GPUs than allowed</source>
        <translation>否：所需 GPU 超过允许数量</translation>
    </message>
    <message>
        <source>no: multi-node without RDMA</source>
        <translation>否：多节点但没有 RDMA</translation>
    </message>
    <message>
        <source>no: no FX rate for its currency</source>
        <translation>否：其货币没有汇率</translation>
    </message>
    <message>
        <source>no: out of GPU memory</source>
        <translation>否：GPU 显存不足</translation>
    </message>
    <message>
        <source>no: GPU has no published peak</source>
        <translation>否：该 GPU 没有公开的峰值性能</translation>
    </message>
    <message>
        <source>no: workload incomplete</source>
        <translation>否：工作负载不完整</translation>
    </message>
    <message>
        <source>no: replica wider than NVLink domain</source>
        <translation>否：副本超出 NVLink 域</translation>
    </message>
    <message>
        <source>no: latency target unreachable</source>
        <translation>否：无法达到延迟目标</translation>
    </message>
    <message>
        <source>no: batch smaller than data-parallel width</source>
        <translation>否：批大小小于数据并行宽度</translation>
    </message>
    <message>
        <source>no: layout set does not fit these GPUs</source>
        <translation>否：设定的并行布局不适合这些 GPU</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>%1 × %2 %3</source>
        <translation>%1 × %2 %3</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Recommended: %1</source>
        <translation>推荐：%1</translation>
    </message>
    <message>
        <source>In %1; expected cost, and the cost not exceeded with 90% probability (spot risk)</source>
        <translation>单位 %1；期望成本，以及有 90% 概率不会超过的成本（竞价风险）</translation>
    </message>
    <message>
        <source>no: more interruptions than tolerated</source>
        <translation>否：中断次数超出容忍度</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Commitment</source>
        <translation>承诺</translation>
    </message>
    <message>
        <source>no: suspect price</source>
        <translation>否：价格可疑</translation>
    </message>
    <message>
        <source>no: longer than a capacity block</source>
        <translation>否：超过容量块时长</translation>
    </message>
    <message>
        <source>%1, %2 d</source>
        <translation>%1，%2 天</translation>
    </message>
    <message>
        <source> %1 mo, %2</source>
        <translation> %1 个月，%2</translation>
    </message>
    <message>
        <source>%1 (upfront %2)</source>
        <translation>%1（预付 %2）</translation>
    </message>
    <message>
        <source>Paid for every hour of the term(s), used or not. Price: %1</source>
        <translation>无论是否使用，期限内每小时都计费。价格：%1</translation>
    </message>
    <message>
        <source>Interrupted about %1 a month: the scenario&apos;s figure (%2).</source>
        <translation>每月约 %1 被中断：场景中的数值（%2）。</translation>
    </message>
    <message>
        <source>Interrupted %1 a month, as %2 publishes it.</source>
        <translation>每月被中断 %1，据 %2 公布。</translation>
    </message>
    <message>
        <source>Interrupted about %1 a month: a default, the provider publishes no figure.</source>
        <translation>每月约 %1 被中断：默认值，提供商未公布数据。</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>实例数</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>互连</translation>
    </message>
    <message>
        <source>Time P90</source>
        <translation>时间 P90</translation>
    </message>
    <message>
        <source>P(deadline)</source>
        <translation>P(截止)</translation>
    </message>
    <message>
        <source>no RDMA</source>
        <translation>无 RDMA</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>Per M output tokens</source>
        <translation>每百万输出 token</translation>
    </message>
    <message>
        <source>host data pipeline</source>
        <translation>主机数据管道</translation>
    </message>
    <message>
        <source>no: more GPUs than the job can use</source>
        <translation>否：GPU 多于任务所能利用</translation>
    </message>
    <message>
        <source>Best-case GPU-hours</source>
        <translation>最佳情况 GPU 小时</translation>
    </message>
    <message>
        <source>%1M</source>
        <translation>%1M</translation>
    </message>
    <message>
        <source>%1k</source>
        <translation>%1k</translation>
    </message>
    <message>
        <source>Best case: %1 GPU-hours in %2, a tuned stack with no incidents.</source>
        <translation>最佳情况：%2 内 %1 GPU 小时，调优良好的训练栈，无故障。</translation>
    </message>
    <message>
        <source>Expected %1 GPU-hours, the figure to budget; P10 %2, P90 %3.</source>
        <translation>预期 %1 GPU 小时，预算应以此为准；P10 %2，P90 %3。</translation>
    </message>
    <message>
        <source>%1 (%2–%3)</source>
        <translation>%1（%2–%3）</translation>
    </message>
    <message>
        <source>%1
Suspect price:
%2</source>
        <translation>%1
可疑价格：
%2</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::ComparisonPanel</name>
    <message>
        <source>Options ranked by the plan; click a header to sort, right-click it to choose columns.</source>
        <translation>按计划排序的选项；点击表头排序，右键点击表头选择列。</translation>
    </message>
    <message>
        <source>Waiting for the catalog…</source>
        <translation>正在等待目录…</translation>
    </message>
    <message>
        <source>Usable onl&amp;y</source>
        <translation>仅显示可用(&amp;Y)</translation>
    </message>
    <message>
        <source>Hide options that do not fit or break a hard limit; uncheck to see why they fail.</source>
        <translation>隐藏不可行或违反硬性限制的选项；取消勾选可查看失败原因。</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Only options no other option beats on both cost and time.</source>
        <translation>只显示在成本和时间上都不被其他选项超越的选项。</translation>
    </message>
    <message>
        <source>Show one provider&apos;s options.</source>
        <translation>只显示某一提供商的选项。</translation>
    </message>
    <message>
        <source>Show one billing model.</source>
        <translation>只显示某一种计费方式。</translation>
    </message>
    <message>
        <source>All billing</source>
        <translation>全部计费方式</translation>
    </message>
    <message>
        <source>Filter provider, instance, GPU, region</source>
        <translation>按提供商、实例、GPU、区域筛选</translation>
    </message>
    <message>
        <source>Show options whose provider, instance, GPUs or region contain this text.</source>
        <translation>显示提供商、实例、GPU 或区域包含此文本的选项。</translation>
    </message>
    <message>
        <source>Filter te&amp;xt:</source>
        <translation>筛选(&amp;X)：</translation>
    </message>
    <message>
        <source>Col&amp;umns</source>
        <translation>列(&amp;U)</translation>
    </message>
    <message>
        <source>Choose the columns of the table.</source>
        <translation>选择表格中显示的列。</translation>
    </message>
    <message>
        <source>&lt;b&gt;No plan:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;无计划：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 usable of %3 options · planned in %4 ms</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%3 个选项中 %2 个可用 · 规划耗时 %4 毫秒</translation>
    </message>
    <message>
        <source>All providers</source>
        <translation>全部提供商</translation>
    </message>
    <message>
        <source>&lt;i&gt;Select an option in the table or a chart to see why it stands where it does.&lt;/i&gt;</source>
        <translation>&lt;i&gt;在表格或图表中选择一个选项，查看它排在此处的原因。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %2&lt;/b&gt; (%3, %4)</source>
        <translation>&lt;b&gt;%1 %2&lt;/b&gt;（%3，%4）</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;Recommended.&lt;/b&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;推荐。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1. %2 · %3</source>
        <translation>%1. %2 · %3</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>Provider filter</source>
        <translation>提供商筛选</translation>
    </message>
    <message>
        <source>Billing filter</source>
        <translation>计费方式筛选</translation>
    </message>
    <message>
        <source>Details of the selected option</source>
        <translation>所选选项的详情</translation>
    </message>
    <message>
        <source>%1 in %2
P50 %3, P90 %4</source>
        <translation>%1，位于 %2
P50 %3，P90 %4</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>清除筛选</translation>
    </message>
    <message>
        <source>Show every usable option again.</source>
        <translation>重新显示所有可用选项。</translation>
    </message>
    <message>
        <source>Rank order</source>
        <translation>排名顺序</translation>
    </message>
    <message>
        <source>Sort the table by the plan&apos;s ranking again (the recommendation first).</source>
        <translation>重新按方案排名排序（推荐项在前）。</translation>
    </message>
    <message numerus="yes">
        <source>%n option(s) hidden by filters</source>
        <translation>
            <numerusform>筛选隐藏了 %n 个选项</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
%2 · %3 · %4 GPUs</source>
        <translation>%1
%2 · %3 · %4 个 GPU</translation>
    </message>
    <message>
        <source>%1
Cost %2 (P90 %3) · %4 per output token</source>
        <translation>%1
成本 %2（P90 %3）· 每个输出 token %4</translation>
    </message>
    <message>
        <source>%1
Cost %2 (P90 %3) · time %4</source>
        <translation>%1
成本 %2（P90 %3）· 时间 %4</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::ConstraintsEditor</name>
    <message>
        <source>&amp;Deadline:</source>
        <translation>截止时间(&amp;D)：</translation>
    </message>
    <message>
        <source>e.g. 30d, 12h; empty for none</source>
        <translation>例如 30d、12h；留空表示不限</translation>
    </message>
    <message>
        <source>The job must finish within this time (h, d, w). Options get the chance of meeting it.</source>
        <translation>作业必须在此时间内完成（h、d、w）。各选项会给出按期完成的概率。</translation>
    </message>
    <message>
        <source>&amp;Budget:</source>
        <translation>预算(&amp;B)：</translation>
    </message>
    <message>
        <source>in the display currency; empty for none</source>
        <translation>以显示货币计；留空表示不限</translation>
    </message>
    <message>
        <source>The most the job may cost, in the display currency. Options get the chance of staying within it.</source>
        <translation>作业最多可花费的金额，以显示货币计。各选项会给出不超预算的概率。</translation>
    </message>
    <message>
        <source>Co&amp;nfidence:</source>
        <translation>置信度(&amp;N)：</translation>
    </message>
    <message>
        <source>0.9</source>
        <translation>0.9</translation>
    </message>
    <message>
        <source>How likely (0–1) the deadline and budget must be met for an option to count as meeting them.</source>
        <translation>选项需以多大概率（0–1）满足截止时间和预算，才算满足。</translation>
    </message>
    <message>
        <source>Pro&amp;viders:</source>
        <translation>提供商(&amp;V)：</translation>
    </message>
    <message>
        <source>any; e.g. aws, gcp, lambda</source>
        <translation>任意；例如 aws, gcp, lambda</translation>
    </message>
    <message>
        <source>Provider ids to consider, separated by commas. Empty allows every provider.</source>
        <translation>要考虑的提供商 ID，以逗号分隔。留空表示允许所有提供商。</translation>
    </message>
    <message>
        <source>Regions:</source>
        <translation>区域：</translation>
    </message>
    <message>
        <source>any; e.g. us-*, europe-west4</source>
        <translation>任意；例如 us-*, europe-west4</translation>
    </message>
    <message>
        <source>Region codes to consider; * matches any text. Empty allows every region.</source>
        <translation>要考虑的区域代码；* 匹配任意文本。留空表示允许所有区域。</translation>
    </message>
    <message>
        <source>Geographie&amp;s:</source>
        <translation>地理区域(&amp;S)：</translation>
    </message>
    <message>
        <source>any; e.g. Europe, North America</source>
        <translation>任意；例如 Europe, North America</translation>
    </message>
    <message>
        <source>Geographies the data may go to (data residency). Empty allows all.</source>
        <translation>数据可以去往的地理区域（数据驻留）。留空表示全部允许。</translation>
    </message>
    <message>
        <source>GPU models:</source>
        <translation>GPU 型号：</translation>
    </message>
    <message>
        <source>Bi&amp;lling models:</source>
        <translation>计费方式(&amp;L)：</translation>
    </message>
    <message>
        <source>Billing models to price. Allow spot to accept interruptions for a lower price; the spot risk (P90 cost and time) is simulated from the interruption rate.</source>
        <translation>要计价的计费方式。允许竞价可接受中断以换取更低价格；竞价风险（P90 成本和时间）根据中断率模拟得出。</translation>
    </message>
    <message>
        <source>&amp;Max GPUs:</source>
        <translation>最多 GPU 数(&amp;M)：</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>The most GPUs the job may use at once (quota, or what the code scales to).</source>
        <translation>作业同时可使用的最多 GPU 数（配额，或代码可扩展到的规模）。</translation>
    </message>
    <message>
        <source>Min GPU memory:</source>
        <translation>最小 GPU 显存：</translation>
    </message>
    <message>
        <source>GiB per GPU; any</source>
        <translation>每块 GPU 的 GiB；任意</translation>
    </message>
    <message>
        <source>Leave out GPUs with less memory than this, in GiB per GPU.</source>
        <translation>排除显存小于此值的 GPU，单位为每块 GPU 的 GiB。</translation>
    </message>
    <message>
        <source>Networ&amp;k:</source>
        <translation>网络(&amp;K)：</translation>
    </message>
    <message>
        <source>Multi-node training without InfiniBand, EFA or RoCE is usually too slow; uncheck to allow it.</source>
        <translation>没有 InfiniBand、EFA 或 RoCE 的多节点训练通常太慢；取消勾选以允许。</translation>
    </message>
    <message>
        <source>Any number of interruptions</source>
        <translation>任意次数的中断</translation>
    </message>
    <message>
        <source>A few: up to 3 expected</source>
        <translation>少量：预计最多 3 次</translation>
    </message>
    <message>
        <source>At most 1 expected</source>
        <translation>预计最多 1 次</translation>
    </message>
    <message>
        <source>None: leave spot out</source>
        <translation>不接受：不使用竞价</translation>
    </message>
    <message>
        <source>Spot tolerance:</source>
        <translation>竞价容忍度：</translation>
    </message>
    <message>
        <source>How many interruptions a spot run may expect (interruption rate × instances × run time). Spot options expecting more are shown as not usable.</source>
        <translation>竞价运行可以预期多少次中断（中断率 × 实例数 × 运行时间）。预计中断更多的竞价选项显示为不可用。</translation>
    </message>
    <message>
        <source>any; e.g. H100, A100-80GB</source>
        <translation>任意；例如 H100、A100-80GB</translation>
    </message>
    <message>
        <source>GPU models to consider, separated by commas: catalog ids or the names people use (H100, A100-80GB, NVIDIA L4), completed as you type. A family name (A100, V100, H100) is every variant of it: 40 and 80 GB, PCIe and SXM. Empty allows every GPU.</source>
        <translation>要考虑的 GPU 型号，以逗号分隔：目录 ID 或常用名称（H100、A100-80GB、NVIDIA L4），输入时自动补全。系列名称（A100、V100、H100）表示该系列的所有型号：40 GB 与 80 GB、PCIe 与 SXM。留空表示允许所有 GPU。</translation>
    </message>
    <message>
        <source>Require RDMA across instances</source>
        <translation>跨实例时要求 RDMA</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::CostBarsChart</name>
    <message>
        <source>P50 cost</source>
        <translation>P50 成本</translation>
    </message>
    <message>
        <source>Cost of the top options</source>
        <translation>排名靠前选项的成本</translation>
    </message>
    <message>
        <source>★ %1</source>
        <translation>★ %1</translation>
    </message>
    <message>
        <source>Cost (%1)</source>
        <translation>成本（%1）</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>已选</translation>
    </message>
    <message>
        <source>P50–P90</source>
        <translation>P50–P90</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::CostTimeChart</name>
    <message>
        <source>Cost against time</source>
        <translation>成本与时间</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>已选</translation>
    </message>
    <message>
        <source>Cost (%1, log scale)</source>
        <translation>成本（%1，对数刻度）</translation>
    </message>
    <message>
        <source>Time (log scale)</source>
        <translation>时间（对数刻度）</translation>
    </message>
    <message>
        <source>Cost against latency</source>
        <translation>成本与延迟</translation>
    </message>
    <message>
        <source>Time per output token (log scale)</source>
        <translation>每个输出 token 的时间（对数刻度）</translation>
    </message>
    <message>
        <source>SLO %1</source>
        <translation>SLO %1</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::CustomOffersDialog</name>
    <message>
        <source>&amp;Add offer</source>
        <translation>添加报价(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>删除(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Import CSV…</source>
        <translation>导入 CSV(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Custom offers</source>
        <translation>自定义报价</translation>
    </message>
    <message>
        <source>Your own prices: negotiated discounts, reserved capacity or hardware you run. Give them a provider id of your own (for example acme-negotiated); they are compared with the catalog like any other offer.</source>
        <translation>你自己的价格：协商折扣、预留容量或自有硬件。请为它们使用你自己的提供商 ID（例如 acme-negotiated）；它们会像其他报价一样与目录进行比较。</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Re&amp;do</source>
        <translation>重做(&amp;D)</translation>
    </message>
    <message>
        <source>Add offer</source>
        <translation>添加报价</translation>
    </message>
    <message>
        <source>Import custom offers</source>
        <translation>导入自定义报价</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Nothing was imported. %1</source>
        <translation>未导入任何内容。%1</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>Imported %1 offers from %2. Check them and press Save.</source>
        <translation>已从 %2 导入 %1 条报价。请检查后点击“保存”。</translation>
    </message>
    <message>
        <source>Row %1, Provider: &apos;%2&apos; is a catalog provider; give your own prices a provider id of their own, such as &apos;%2-negotiated&apos;.</source>
        <translation>第 %1 行，提供商：“%2”是目录中的提供商；请为你自己的价格使用独立的提供商 ID，例如“%2-negotiated”。</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Row %1, %2: &apos;%3&apos; %4</source>
        <translation>第 %1 行，%2：“%3” %4</translation>
    </message>
    <message>
        <source>Saved %1 custom offers.</source>
        <translation>已保存 %1 条自定义报价。</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::CustomOffersModel</name>
    <message>
        <source>Remove %1 offers</source>
        <translation>删除 %1 条报价</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>编辑%1</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供商</translation>
    </message>
    <message>
        <source>Instance type</source>
        <translation>实例类型</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>区域</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Billing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>Price per hour</source>
        <translation>每小时价格</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Term (months)</source>
        <translation>期限（月）</translation>
    </message>
    <message>
        <source>Upfront</source>
        <translation>预付方式</translation>
    </message>
    <message>
        <source>Upfront fee</source>
        <translation>预付费用</translation>
    </message>
    <message>
        <source>vCPUs</source>
        <translation>vCPU 数</translation>
    </message>
    <message>
        <source>Memory (GiB)</source>
        <translation>内存（GiB）</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::ExampleScenarios</name>
    <message>
        <source>Fine-tune BERT-base</source>
        <translation>微调 BERT-base</translation>
    </message>
    <message>
        <source>Serve a 70B chat model</source>
        <translation>部署 70B 对话模型</translation>
    </message>
    <message>
        <source>Pre-train a 7B model</source>
        <translation>预训练 7B 模型</translation>
    </message>
    <message>
        <source>Fine-tune from a measured rate</source>
        <translation>按实测速率微调</translation>
    </message>
    <message>
        <source>Train MobileNetV2 on one T4</source>
        <translation>在一张 T4 上训练 MobileNetV2</translation>
    </message>
    <message>
        <source>Spot-based distributed training</source>
        <translation>基于竞价实例的分布式训练</translation>
    </message>
    <message>
        <source>Full fine-tuning of BERT-base on a GLUE-sized task: about 400k examples of 128 tokens, 3 epochs, within a day and 100 USD.</source>
        <translation>在 GLUE 规模的任务上全参数微调 BERT-base：约 40 万条 128 token 的样本，3 个轮次，一天内完成，预算 100 美元。</translation>
    </message>
    <message>
        <source>Llama-3.1-70B chat at 5 requests per second (1,000 prompt and 250 output tokens), first token within 2 s and 50 ms per output token, for a year, on the hyperscalers the company already buys from (AWS, Azure, GCP), comparing on-demand with their 1- and 3-year commitments.</source>
        <translation>Llama-3.1-70B 对话服务，每秒 5 个请求（1,000 个提示 token、250 个输出 token），首 token 2 秒内、每个输出 token 50 毫秒，为期一年；在公司已采购的大型云（AWS、Azure、GCP）上，对比按需与 1 年、3 年承诺。</translation>
    </message>
    <message>
        <source>A Llama-2-7B-shaped model on 1T tokens within 30 days, after three months of experiments and followed by a year of serving. The ownership figures are placeholders: replace them with your quotes. Commitment prices come from the catalog (AWS reserved instances and savings plans, Azure and GCP ratios); add a negotiated term under assumptions.commitments.</source>
        <translation>Llama-2-7B 结构的模型，在 30 天内训练 1T token；之前有三个月的实验，之后提供一年服务。自有硬件的数字是占位值：请换成您拿到的报价。承诺价格来自目录（AWS 预留实例和 Savings Plans、Azure 与 GCP 的比例）；可在 assumptions.commitments 下添加协商条款。</translation>
    </message>
    <message>
        <source>Our fine-tuning script runs 3,100 tokens/s on one A100-80GB; 2 billion tokens to go. The rate is scaled to every GPU by its BF16 peak. The job needs 80 GB per GPU, as on the machine it was measured on.</source>
        <translation>我们的微调脚本在一张 A100-80GB 上每秒处理 3,100 个 token；还有 20 亿个 token 要处理。该速率按各 GPU 的 BF16 峰值换算到每种 GPU。任务每张 GPU 需要 80 GB，与实测机器相同。</translation>
    </message>
    <message>
        <source>ImageNet-1k (1.28M images) for 90 epochs on a single NVIDIA T4, the cheapest place to rent one.</source>
        <translation>在单张 NVIDIA T4 上训练 ImageNet-1k（128 万张图像）90 个轮次，找最便宜的租用之处。</translation>
    </message>
    <message>
        <source>Llama-3.1-8B on 300B tokens across several 8-GPU nodes, spot first, checkpointing every 30 minutes, within 21 days.</source>
        <translation>Llama-3.1-8B 在多个 8 卡节点上训练 3000 亿 token，优先使用竞价实例，每 30 分钟保存检查点，21 天内完成。</translation>
    </message>
    <message>
        <source>Tencent GN7: pay-as-you-go or a subscription</source>
        <translation>腾讯云 GN7：按量计费还是包年包月</translation>
    </message>
    <message>
        <source>One Tencent Cloud T4 box (GN7) in Guangzhou running all the time for three years: pay-as-you-go against 1-, 12- and 36-month subscriptions (包年包月), in CNY.</source>
        <translation>一台位于广州的腾讯云 T4 机器（GN7），三年不间断运行：对比按量计费（即按需）与 1、12 和 36 个月的包年包月，以人民币计。</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::FxRatesField</name>
    <message>
        <source>Add curre&amp;ncy</source>
        <translation>添加货币(&amp;N)</translation>
    </message>
    <message>
        <source>Re&amp;move rate</source>
        <translation>删除汇率(&amp;M)</translation>
    </message>
    <message>
        <source>Exchange rates</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>Add currency</source>
        <translation>添加货币</translation>
    </message>
    <message>
        <source>Remove rate</source>
        <translation>删除汇率</translation>
    </message>
    <message>
        <source>Add a row for one currency&apos;s rate (Insert in the table).</source>
        <translation>为一种货币的汇率添加一行（在表格中按 Insert）。</translation>
    </message>
    <message>
        <source>Remove the rows of the selected cells (Delete in the table).</source>
        <translation>删除所选单元格所在的行（在表格中按 Delete）。</translation>
    </message>
    <message>
        <source>entered by hand</source>
        <translation>手动输入</translation>
    </message>
    <message>
        <source>%1 %2 (%3, overridden above)</source>
        <translation>%1 %2（%3，已被上表覆盖）</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source>%1: %2 per USD on %3, from %4</source>
        <translation>%1：%3 每美元 %2，来源 %4</translation>
    </message>
    <message>
        <source>Currencies without a row here use the catalog&apos;s rates: %1.</source>
        <translation>此处未列出的货币使用目录汇率：%1。</translation>
    </message>
    <message>
        <source>Currencies without a row here use the catalog&apos;s stored rates (the ECB&apos;s reference rates once fetched with Tools ▸ Refresh prices…).</source>
        <translation>此处未列出的货币使用目录中保存的汇率（通过“工具 ▸ 刷新价格…”获取欧洲央行参考汇率后）。</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::FxRatesModel</name>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Units per USD</source>
        <translation>每美元单位数</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>ISO 4217 code of the currency, such as EUR or CNY.</source>
        <translation>货币的 ISO 4217 代码，例如 EUR 或 CNY。</translation>
    </message>
    <message>
        <source>How many units of the currency one US dollar buys (EUR: about 0.9).</source>
        <translation>1 美元可兑换多少单位该货币（EUR 约 0.9）。</translation>
    </message>
    <message>
        <source>The day the rate applies to (2026-11-27); optional.</source>
        <translation>汇率适用的日期（2026-11-27）；可选。</translation>
    </message>
    <message>
        <source>Where the rate comes from, shown in reports (a bank, your treasury).</source>
        <translation>汇率来源，显示在报告中（银行、财务部门）。</translation>
    </message>
    <message>
        <source>missing; type a three-letter ISO code such as EUR</source>
        <translation>缺失；请输入三个字母的 ISO 代码，例如 EUR</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an ISO 4217 code (three capital letters, such as EUR)</source>
        <translation>“%1”不是 ISO 4217 代码（三个大写字母，例如 EUR）</translation>
    </message>
    <message>
        <source>USD is the base of every rate (always 1) and cannot be changed</source>
        <translation>USD 是所有汇率的基准（始终为 1），不能更改</translation>
    </message>
    <message>
        <source>%1 is also in row %2; this later row is the one used</source>
        <translation>%1 也在第 %2 行；使用的是后面这一行</translation>
    </message>
    <message>
        <source>missing; type how many units of the currency one US dollar buys</source>
        <translation>缺失；请输入 1 美元可兑换多少单位该货币</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a number</source>
        <translation>“%1”不是数字</translation>
    </message>
    <message>
        <source>%1 is not above zero; type how many units of the currency one US dollar buys</source>
        <translation>%1 不大于零；请输入 1 美元可兑换多少单位该货币</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a date (2026-11-27)</source>
        <translation>“%1”不是日期（2026-11-27）</translation>
    </message>
    <message>
        <source>missing; say where the rate comes from (a bank, your treasury)</source>
        <translation>缺失；请注明汇率来源（银行、财务部门）</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::GpuSpecsModel</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>No published specs in the catalog for %1</source>
        <translation>目录中没有 %1 的公开规格</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Form factor</source>
        <translation>外形规格</translation>
    </message>
    <message>
        <source>Memory (GiB)</source>
        <translation>内存（GiB）</translation>
    </message>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation>带宽（GB/s）</translation>
    </message>
    <message>
        <source>FP16 TFLOPS</source>
        <translation>FP16 TFLOPS</translation>
    </message>
    <message>
        <source>BF16 TFLOPS</source>
        <translation>BF16 TFLOPS</translation>
    </message>
    <message>
        <source>FP8 TFLOPS</source>
        <translation>FP8 TFLOPS</translation>
    </message>
    <message>
        <source>FP32 TFLOPS</source>
        <translation>FP32 TFLOPS</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>互连</translation>
    </message>
    <message>
        <source>TDP (W)</source>
        <translation>功耗（W）</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>年份</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::GpuSpecsPanel</name>
    <message>
        <source>Only with published specs</source>
        <translation>仅显示有公开规格的</translation>
    </message>
    <message>
        <source>All vendors</source>
        <translation>全部厂商</translation>
    </message>
    <message>
        <source>Show one vendor&apos;s accelerators</source>
        <translation>只显示某一厂商的加速器</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>Any memory</source>
        <translation>任意显存</translation>
    </message>
    <message>
        <source>Show GPUs with at least this much memory</source>
        <translation>只显示显存不少于此值的 GPU</translation>
    </message>
    <message>
        <source>Filter by name or architecture…</source>
        <translation>按名称或架构筛选…</translation>
    </message>
    <message>
        <source>Vendor:</source>
        <translation>厂商：</translation>
    </message>
    <message>
        <source>Memory at least:</source>
        <translation>显存至少：</translation>
    </message>
    <message>
        <source>%1 of %2 GPU models</source>
        <translation>%2 个 GPU 型号中的 %1 个</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::JsonRowsField</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::JsonRowsModel</name>
    <message>
        <source>Row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>Row %1, %2</source>
        <translation>第 %1 行，%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::MainWindow</name>
    <message>
        <source>Prices: no date recorded</source>
        <translation>价格：未记录日期</translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translation>计划(&amp;P)</translation>
    </message>
    <message>
        <source>T&amp;imeline</source>
        <translation>时间线(&amp;I)</translation>
    </message>
    <message>
        <source>Catalo&amp;g</source>
        <translation>目录(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Re&amp;load catalog</source>
        <translation>重新加载目录(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About GPU Planner</source>
        <translation>关于 GPU Planner(&amp;A)</translation>
    </message>
    <message>
        <source>About GPU Planner</source>
        <translation>关于 GPU Planner</translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU Planner %1&lt;/b&gt;&lt;p&gt;Plan GPU cloud rentals: which offer to rent, under which billing model, how long it takes and what it costs.&lt;/p&gt;&lt;p&gt;Default prices come from the SkyPilot catalog snapshot (mid-2026; Azure 2023-24).&lt;/p&gt;</source>
        <translation>&lt;b&gt;GPU Planner %1&lt;/b&gt;&lt;p&gt;规划 GPU 云租用：租用哪个报价、采用哪种计费方式、需要多长时间以及花费多少。&lt;/p&gt;&lt;p&gt;默认价格来自 SkyPilot 目录快照（2026 年年中；Azure 为 2023–24 年）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Loading catalog…</source>
        <translation>正在加载目录…</translation>
    </message>
    <message>
        <source>Catalog unavailable</source>
        <translation>目录不可用</translation>
    </message>
    <message>
        <source>Cannot read the catalog</source>
        <translation>无法读取目录</translation>
    </message>
    <message>
        <source>%1[*] — GPU Planner</source>
        <translation>%1[*] — GPU Planner</translation>
    </message>
    <message>
        <source>Prices as of %1</source>
        <translation>价格截至 %1</translation>
    </message>
    <message>
        <source>Prices as of %1 (oldest: %2, %3)</source>
        <translation>价格截至 %1（最旧：%2，%3）</translation>
    </message>
    <message>
        <source>&amp;Report</source>
        <translation>报告(&amp;R)</translation>
    </message>
    <message>
        <source>Open e&amp;xample</source>
        <translation>打开示例(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>指南(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Welcome and examples…</source>
        <translation>欢迎与示例(&amp;W)…</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::MeasuredMfuField</name>
    <message>
        <source>e.g. 42 %</source>
        <translation>例如 42%</translation>
    </message>
    <message>
        <source>Measured MFU: missing</source>
        <translation>实测 MFU：未填写</translation>
    </message>
    <message>
        <source>Measured MFU: not a number</source>
        <translation>实测 MFU：不是数字</translation>
    </message>
    <message>
        <source>Measured MFU: must be above 0 %</source>
        <translation>实测 MFU：必须大于 0%</translation>
    </message>
    <message>
        <source>Measured MFU: over 100 %</source>
        <translation>实测 MFU：超过 100%</translation>
    </message>
    <message>
        <source>%1 %</source>
        <comment>a measured MFU in percent</comment>
        <translation>%1%</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::OffersPanel</name>
    <message>
        <source>GPU filter</source>
        <translation>GPU 筛选</translation>
    </message>
    <message>
        <source>Show only offers with this GPU model</source>
        <translation>只显示使用此 GPU 型号的报价</translation>
    </message>
    <message>
        <source>Provider filter</source>
        <translation>提供商筛选</translation>
    </message>
    <message>
        <source>Show only offers from this provider</source>
        <translation>只显示此提供商的报价</translation>
    </message>
    <message>
        <source>Billing filter</source>
        <translation>计费方式筛选</translation>
    </message>
    <message>
        <source>Show only offers under this billing model</source>
        <translation>只显示此计费方式的报价</translation>
    </message>
    <message>
        <source>All billing models</source>
        <translation>全部计费方式</translation>
    </message>
    <message>
        <source>Filter by instance type or region…</source>
        <translation>按实例类型或区域筛选…</translation>
    </message>
    <message>
        <source>Text filter</source>
        <translation>文本筛选</translation>
    </message>
    <message>
        <source>%1 of %2 offers</source>
        <translation>%2 条报价中的 %1 条</translation>
    </message>
    <message>
        <source>GPU &amp;slices</source>
        <translation>GPU 切片(&amp;S)</translation>
    </message>
    <message>
        <source>GPU &amp;slices (%1)</source>
        <translation>GPU 切片(&amp;S)（%1）</translation>
    </message>
    <message>
        <source>Also show offers of less than one whole GPU (vGPU and fractional shapes); they are hidden by default so that whole GPUs sort first</source>
        <translation>同时显示不足一整块 GPU 的报价（vGPU 与分片规格）；默认隐藏，使整块 GPU 排在前面</translation>
    </message>
    <message>
        <source>Show GPU slices</source>
        <translation>显示 GPU 切片</translation>
    </message>
    <message>
        <source>GP&amp;U:</source>
        <translation>GPU(&amp;U)：</translation>
    </message>
    <message>
        <source>Pro&amp;vider:</source>
        <translation>提供商(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Billing:</source>
        <translation>计费方式(&amp;B)：</translation>
    </message>
    <message>
        <source>All GPUs</source>
        <translation>全部 GPU</translation>
    </message>
    <message>
        <source>All providers</source>
        <translation>全部提供商</translation>
    </message>
    <message>
        <source>Offers</source>
        <translation>报价</translation>
    </message>
    <message>
        <source>Term filter</source>
        <translation>期限筛选</translation>
    </message>
    <message>
        <source>Show only commitments of this term</source>
        <translation>只显示此期限的承诺</translation>
    </message>
    <message>
        <source>Any term</source>
        <translation>任意期限</translation>
    </message>
    <message>
        <source>1 year</source>
        <translation>1 年</translation>
    </message>
    <message>
        <source>3 years</source>
        <translation>3 年</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::OffersTableModel</name>
    <message>
        <source>Lowest of several zones or hosts; median %1 %2</source>
        <translation>多个可用区或主机中的最低价；中位数 %1 %2</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 Gbps</source>
        <translation>%1 Gbps</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供商</translation>
    </message>
    <message>
        <source>Instance type</source>
        <translation>实例类型</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>区域</translation>
    </message>
    <message>
        <source>Geography</source>
        <translation>地理区域</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>vCPUs</source>
        <translation>vCPU 数</translation>
    </message>
    <message>
        <source>Billing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>Price / h</source>
        <translation>价格 / 小时</translation>
    </message>
    <message>
        <source>Price / GPU-h</source>
        <translation>价格 / GPU 小时</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>USD / h</source>
        <translation>美元 / 小时</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>互连</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Prices as of</source>
        <translation>价格截至</translation>
    </message>
    <message>
        <source>Suspect price, left out of plans unless suspect offers are included:
%1</source>
        <translation>可疑价格，除非包含可疑报价，否则不纳入方案：
%1</translation>
    </message>
    <message>
        <source>Interrupted %1 of the time a month (%2)</source>
        <translation>每月有 %1 的时间被中断（%2）</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::OwnershipChart</name>
    <message>
        <source>Cloud against owning: cost per GPU-hour</source>
        <translation>云端与自有硬件对比：每 GPU 小时成本</translation>
    </message>
    <message>
        <source>Utilization of owned GPUs (%)</source>
        <translation>自有 GPU 利用率（%）</translation>
    </message>
    <message>
        <source>Own the hardware</source>
        <translation>自购硬件</translation>
    </message>
    <message>
        <source>Cloud on-demand</source>
        <translation>云端按需</translation>
    </message>
    <message>
        <source>Break-even</source>
        <translation>盈亏平衡</translation>
    </message>
    <message>
        <source>%1 per GPU-hour</source>
        <translation>每 GPU 小时 %1</translation>
    </message>
    <message>
        <source>Owning never beats on-demand</source>
        <translation>自购硬件始终不如按需便宜</translation>
    </message>
    <message>
        <source>Owning pays off above %1% utilization</source>
        <translation>利用率高于 %1% 时自购硬件更划算</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::PhasesModel</name>
    <message>
        <source>GPUs all month</source>
        <translation>GPU 整月运行</translation>
    </message>
    <message>
        <source>The planned job</source>
        <translation>计划的作业</translation>
    </message>
    <message>
        <source>GPU-hours per month</source>
        <translation>每月 GPU 小时</translation>
    </message>
    <message>
        <source>GPU-hours per month: a steady amount of experiments; GPUs all month: a standing cluster or serving; the planned job: the workload at the size and speed the plan chose.</source>
        <translation>每月 GPU 小时：稳定数量的实验；GPU 整月运行：常驻集群或在线服务；计划的作业：按计划选定的规模和速度运行的工作负载。</translation>
    </message>
    <message>
        <source>from the plan</source>
        <translation>来自计划</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Months</source>
        <translation>月数</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>竞价</translation>
    </message>
    <message>
        <source>Phase %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>Project phases</source>
        <translation>项目阶段</translation>
    </message>
    <message>
        <source>The planned job runs on spot when the plan chooses spot: spot is one of the billing models in Constraints. Change it there.</source>
        <translation>方案选择竞价时，计划中的任务以竞价实例运行：竞价是“约束”中的计费方式之一。请在那里修改。</translation>
    </message>
    <message>
        <source>The planned job runs on-demand: spot is not one of the billing models in Constraints. Change it there.</source>
        <translation>计划中的任务按需运行：竞价不在“约束”的计费方式中。请在那里修改。</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::PlanRunner</name>
    <message>
        <source>The catalog is not loaded yet.</source>
        <translation>目录尚未加载。</translation>
    </message>
    <message>
        <source>display_currency: &quot;%1&quot; has no FX rate in the catalog or the scenario. Add its rate under Exchange rates in the Assumptions tab, or refresh the catalog&apos;s rates (Tools ▸ Refresh prices…).</source>
        <translation>display_currency：目录和方案中都没有“%1”的汇率。请在“假设”页的汇率表中添加，或刷新目录汇率（工具 ▸ 刷新价格…）。</translation>
    </message>
    <message>
        <source>Superseded by a newer edit.</source>
        <translation>已被更新的编辑取代。</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::PlanSinceBanner</name>
    <message>
        <source>Keep the recorded plan</source>
        <translation>保留记录的方案</translation>
    </message>
    <message>
        <source>Use today&apos;s prices</source>
        <translation>使用今天的价格</translation>
    </message>
    <message>
        <source>The file keeps the record of the plan as it was made until you edit the scenario.</source>
        <translation>在您编辑场景之前，文件会保留方案制定时的记录。</translation>
    </message>
    <message>
        <source>Replace the record with this plan on today&apos;s catalog (Undo takes it back).</source>
        <translation>用基于今天目录的此方案替换记录（可撤销）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The plan&apos;s record could not be read:&lt;/b&gt; %1. It is replaced when you save.</source>
        <translation>&lt;b&gt;无法读取方案记录：&lt;/b&gt;%1。保存时会替换它。</translation>
    </message>
    <message>
        <source>Nothing has changed since this plan was made on %1 (%2).</source>
        <translation>自 %1 制定此方案以来没有变化（%2）。</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more change(s) (hover for the full list).</source>
        <translation>
            <numerusform>… 另有 %n 项变化（鼠标悬停可查看完整列表）。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Since this plan was made on %1&lt;/b&gt; (%2):&lt;br&gt;%3</source>
        <translation>&lt;b&gt;自 %1 制定此方案以来&lt;/b&gt;（%2）：&lt;br&gt;%3</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::PortfolioSinceBanner</name>
    <message>
        <source>&amp;Keep the recorded plan</source>
        <translation>保留记录的方案(&amp;K)</translation>
    </message>
    <message>
        <source>Use &amp;today&apos;s prices</source>
        <translation>使用今天的价格(&amp;T)</translation>
    </message>
    <message>
        <source>Since this portfolio was priced</source>
        <translation>自此投资组合定价以来</translation>
    </message>
    <message>
        <source>Show the purchases and totals as the file records them, on the prices of the day they were recorded. The file is left as it is.</source>
        <translation>按文件记录显示采购和总计，基于记录当天的价格。文件保持不变。</translation>
    </message>
    <message>
        <source>Show the plan on today&apos;s catalog and record it in the portfolio file in place of the recorded one.</source>
        <translation>显示基于今天目录的方案，并将其记录到投资组合文件中，替换原有记录。</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more change(s).</source>
        <translation>
            <numerusform>… 以及另外 %n 处变化。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;The portfolio&apos;s record could not be read:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;无法读取投资组合的定价记录：&lt;/b&gt; %1</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::PortfolioWindow</name>
    <message>
        <source>Purchase plan</source>
        <translation>采购计划</translation>
    </message>
    <message>
        <source>Spend per provider and month</source>
        <translation>按服务商和月份的支出</translation>
    </message>
    <message>
        <source>Cost of being wrong</source>
        <translation>判断失误的代价</translation>
    </message>
    <message>
        <source>Portfolio</source>
        <translation>投资组合</translation>
    </message>
    <message>
        <source>Planning the workloads and solving the commitment plan…</source>
        <translation>正在规划工作负载并求解承诺采购计划…</translation>
    </message>
    <message>
        <source>Expected utilisation per month</source>
        <translation>每月预期利用率</translation>
    </message>
    <message>
        <source>&amp;Purchases</source>
        <translation>采购(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Utilisation</source>
        <translation>利用率(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Spend</source>
        <translation>支出(&amp;S)</translation>
    </message>
    <message>
        <source>Cost of being &amp;wrong</source>
        <translation>判断失误的代价(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Open portfolio…</source>
        <translation>打开投资组合(&amp;O)…</translation>
    </message>
    <message>
        <source>No portfolio open: a portfolio file lists a team&apos;s scenarios over up to 36 months.</source>
        <translation>未打开投资组合：投资组合文件列出团队最长 36 个月的各个场景。</translation>
    </message>
    <message>
        <source>Open portfolio</source>
        <translation>打开投资组合</translation>
    </message>
    <message>
        <source>GPU Planner portfolios (*.json);;All files (*)</source>
        <translation>GPU Planner 投资组合 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Portfolio: %1</source>
        <translation>投资组合：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;No plan:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;无方案：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>low demand</source>
        <translation>低需求</translation>
    </message>
    <message>
        <source>high demand</source>
        <translation>高需求</translation>
    </message>
    <message>
        <source>expected demand</source>
        <translation>预期需求</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: expected cost &lt;b&gt;%2&lt;/b&gt; (%3; worst case %4), commitments bought %5.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：预期成本 &lt;b&gt;%2&lt;/b&gt;（%3；最坏情况 %4），购买承诺 %5。</translation>
    </message>
    <message>
        <source>All on-demand %1: this plan saves %2.</source>
        <translation>全部按需 %1：此方案节省 %2。</translation>
    </message>
    <message>
        <source>Best single provider (%1) %2: this plan saves %3.</source>
        <translation>最佳单一服务商（%1）%2：此方案节省 %3。</translation>
    </message>
    <message>
        <source>Solved with %1 in %2 s (%3 solves).</source>
        <translation>用 %1 求解，耗时 %2 秒（%3 次求解）。</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>月份</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Commitment</source>
        <translation>承诺</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>For</source>
        <translation>用于</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Upfront</source>
        <translation>预付</translation>
    </message>
    <message>
        <source>Per month</source>
        <translation>每月</translation>
    </message>
    <message>
        <source>Whole term</source>
        <translation>整个期限</translation>
    </message>
    <message>
        <source>Price source</source>
        <translation>价格来源</translation>
    </message>
    <message>
        <source>%1 instance(s)</source>
        <translation>%1 个实例</translation>
    </message>
    <message>
        <source>%1 per hour</source>
        <translation>每小时 %1</translation>
    </message>
    <message>
        <source>%1 (break-even %2)</source>
        <translation>%1（盈亏平衡 %2）</translation>
    </message>
    <message>
        <source>Expected utilisation of each commitment per month</source>
        <translation>每项承诺的每月预期利用率</translation>
    </message>
    <message>
        <source>Used (%)</source>
        <translation>已用 (%)</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>after the horizon</source>
        <translation>规划期之后</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>If</source>
        <translation>如果</translation>
    </message>
    <message>
        <source>With this plan</source>
        <translation>采用此方案</translation>
    </message>
    <message>
        <source>Best plan had we known</source>
        <translation>事先知道时的最佳方案</translation>
    </message>
    <message>
        <source>All on-demand</source>
        <translation>全部按需</translation>
    </message>
    <message>
        <source>&amp;Record these prices in the portfolio file</source>
        <translation>将这些价格记录到投资组合文件(&amp;R)</translation>
    </message>
    <message>
        <source>Write into the portfolio file what this plan was priced on (catalog identity, prices, exchange rates, calibrations, purchases, totals), so that reopening it later says what changed since.</source>
        <translation>将此方案的定价依据（目录标识、价格、汇率、校准、采购、总计）写入投资组合文件，以后重新打开时即可说明此后的变化。</translation>
    </message>
    <message>
        <source>Recording the prices</source>
        <translation>记录价格</translation>
    </message>
    <message>
        <source>&lt;b&gt;The prices were not recorded:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;价格未记录：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>Recorded in %1 what this plan was priced on (%2).</source>
        <translation>已在 %1 中记录此方案的定价依据（%2）。</translation>
    </message>
    <message>
        <source>Put &amp;back the earlier record</source>
        <translation>恢复先前的记录(&amp;B)</translation>
    </message>
    <message>
        <source>Write the record this one replaced back into the portfolio file.</source>
        <translation>把被这次记录替换掉的记录写回组合文件。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The earlier record was not put back:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;未能恢复先前的记录：&lt;/b&gt; %1</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::PriceHistoryPanel</name>
    <message>
        <source>Price history</source>
        <translation>价格历史</translation>
    </message>
    <message>
        <source>Select an offer to see its price history</source>
        <translation>选择一条报价以查看其价格历史</translation>
    </message>
    <message>
        <source>Price history: %1 in %2 (%3)</source>
        <translation>价格历史：%1，%2（%3）</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Cannot read the price history: %1</source>
        <translation>无法读取价格历史：%1</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::PriceWatchTools</name>
    <message>
        <source>&amp;Watch this plan&apos;s price…</source>
        <translation>关注此方案的价格(&amp;W)…</translation>
    </message>
    <message>
        <source>Be told after a refresh when this saved plan gets cheaper or dearer, or reaches a target</source>
        <translation>刷新后，当这个已保存方案变便宜、变贵或达到目标价时通知我</translation>
    </message>
    <message>
        <source>Watch this plan&apos;s price</source>
        <translation>关注此方案的价格</translation>
    </message>
    <message>
        <source>Save the scenario first: a watched plan is a saved file, with the record of the plan it was saved with.</source>
        <translation>请先保存场景：被关注的方案是一个已保存的文件，其中记录了保存时的方案。</translation>
    </message>
    <message>
        <source>After each refresh that brings new prices, %1 is planned again and held against the plan saved in it. You are told when its main run&apos;s cost moves by the share below, or comes down to the target.</source>
        <translation>每次刷新带来新价格后，会重新规划 %1，并与其中保存的方案对比。当主训练成本的变化达到下面的比例，或降到目标价时，会通知您。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Tell me at a change of:</source>
        <translation>变化达到此比例时通知：</translation>
    </message>
    <message>
        <source>Or when it comes down to:</source>
        <translation>或降到：</translation>
    </message>
    <message>
        <source>Stop watching</source>
        <translation>停止关注</translation>
    </message>
    <message>
        <source>%1 is no longer watched.</source>
        <translation>已不再关注 %1。</translation>
    </message>
    <message>
        <source>Watched. Save the scenario so the file records the plan to compare with.</source>
        <translation>已关注。请保存场景，以便文件记录用于对比的方案。</translation>
    </message>
    <message>
        <source>Watched: you are told after a refresh when its price moves.</source>
        <translation>已关注：刷新后价格变动时会通知您。</translation>
    </message>
    <message>
        <source>Price watch: %1</source>
        <translation>价格关注：%1</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::PriceWatcher</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: no record of the plan it was saved with; save it again to watch it</source>
        <translation>%1：没有保存时的方案记录；请重新保存后再关注</translation>
    </message>
    <message numerus="yes">
        <source>%n watched plan(s) moved with the new prices</source>
        <translation>
            <numerusform>%n 个关注的方案随新价格变动</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::RefreshDialog</name>
    <message>
        <source>succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Exchange rates updated: %1</source>
        <translation>已更新汇率：%1</translation>
    </message>
    <message>
        <source>Offers: %1 (%2 added, %3 changed, %4 removed)</source>
        <translation>报价：%1（新增 %2，变更 %3，移除 %4）</translation>
    </message>
    <message>
        <source>Failed: %1 — previous prices kept</source>
        <translation>失败：%1 — 已保留原有价格</translation>
    </message>
    <message>
        <source>Cancelled — previous prices kept</source>
        <translation>已取消 — 已保留原有价格</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel refresh</source>
        <translation>取消刷新(&amp;C)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Refresh prices</source>
        <translation>刷新价格</translation>
    </message>
    <message>
        <source>Downloads current prices from each provider&apos;s price API. A provider that fails or is cancelled keeps its previous prices.</source>
        <translation>从各提供商的价格 API 下载最新价格。失败或被取消的提供商会保留原有价格。</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供商</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>This refresh</source>
        <translation>本次刷新</translation>
    </message>
    <message>
        <source>Last refresh</source>
        <translation>上次刷新</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>%1 %2 · offers: %3</source>
        <translation>%1 %2 · 报价：%3</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Reading settings and API keys…</source>
        <translation>正在读取设置和 API 密钥…</translation>
    </message>
    <message>
        <source>Could not read the API keys: %1</source>
        <translation>无法读取 API 密钥：%1</translation>
    </message>
    <message>
        <source>Waiting…</source>
        <translation>等待中…</translation>
    </message>
    <message>
        <source>Refreshing…</source>
        <translation>正在刷新…</translation>
    </message>
    <message>
        <source>The refresh did not run: %1. Your prices are unchanged.</source>
        <translation>刷新未能运行：%1。你的价格没有变化。</translation>
    </message>
    <message>
        <source>Refresh cancelled. Providers that had not finished keep their previous prices.</source>
        <translation>刷新已取消。尚未完成的提供商保留原有价格。</translation>
    </message>
    <message>
        <source>No provider could be reached; you may be offline. Your prices are unchanged.</source>
        <translation>无法连接任何提供商，你可能处于离线状态。你的价格没有变化。</translation>
    </message>
    <message>
        <source>Providers that failed: %1. They kept their previous prices.</source>
        <translation>失败的提供商：%1 个。它们保留了原有价格。</translation>
    </message>
    <message>
        <source>All providers refreshed.</source>
        <translation>所有提供商均已刷新。</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::ReportExport</name>
    <message>
        <source>%1: there is no plan to export</source>
        <translation>%1：没有可导出的规划</translation>
    </message>
    <message>
        <source>%1: there is no timeline to export: %2</source>
        <translation>%1：没有可导出的时间线：%2</translation>
    </message>
    <message>
        <source>the scenario has no phases</source>
        <translation>方案中没有项目阶段</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::ReportMenu</name>
    <message>
        <source>Report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>Plan a scenario first.</source>
        <translation>请先规划一个方案。</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Report preview</source>
        <translation>报告预览</translation>
    </message>
    <message>
        <source>Export timeline</source>
        <translation>导出时间线</translation>
    </message>
    <message>
        <source>Export comparison</source>
        <translation>导出比较</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;JSON files (*.json)</source>
        <translation>CSV 文件 (*.csv);;JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Print pre&amp;view…</source>
        <translation>打印预览(&amp;V)…</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>打印(&amp;P)…</translation>
    </message>
    <message>
        <source>Export &amp;comparison (CSV/JSON)…</source>
        <translation>导出比较（CSV/JSON）(&amp;C)…</translation>
    </message>
    <message>
        <source>Export &amp;timeline (CSV/JSON)…</source>
        <translation>导出时间线（CSV/JSON）(&amp;T)…</translation>
    </message>
    <message>
        <source>Report saved</source>
        <translation>报告已保存</translation>
    </message>
    <message>
        <source>The report is saved as %1.</source>
        <translation>报告已保存为 %1。</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>在文件夹中显示(&amp;F)</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Preview…</source>
        <translation>预览…</translation>
    </message>
    <message>
        <source>Benchmark results</source>
        <translation>基准测试结果</translation>
    </message>
    <message>
        <source>Probe results (*.json)</source>
        <translation>探针结果 (*.json)</translation>
    </message>
    <message>
        <source>Save benchmark report</source>
        <translation>保存基准测试报告</translation>
    </message>
    <message>
        <source>&amp;Benchmark report…</source>
        <translation>基准测试报告(&amp;B)…</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::ReportOptionsDialog</name>
    <message>
        <source>Report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <source>US Letter</source>
        <translation>美国 Letter</translation>
    </message>
    <message>
        <source>How many of the plan&apos;s options the comparison table lists (the plan has %1 usable).</source>
        <translation>对比表列出方案中的多少个选项（方案有 %1 个可用）。</translation>
    </message>
    <message>
        <source>left off the cover</source>
        <translation>不显示在封面上</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Paper:</source>
        <translation>纸张(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Options compared:</source>
        <translation>对比选项数(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Author:</source>
        <translation>作者(&amp;A)：</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::ReportWriter</name>
    <message>
        <source>report: no plan to report on</source>
        <translation>报告：没有可报告的规划</translation>
    </message>
    <message>
        <source>--lang: &apos;%1&apos; is not one of %2</source>
        <translation>--lang：“%1”不是 %2 之一</translation>
    </message>
    <message>
        <source>--top: %1 is not a positive count</source>
        <translation>--top：%1 不是正整数</translation>
    </message>
    <message>
        <source>font &apos;%1&apos; is not installed (Debian package %2); the report embeds it</source>
        <translation>未安装字体“%1”（Debian 软件包 %2）；报告需要嵌入该字体</translation>
    </message>
    <message>
        <source>%1: the report&apos;s %2 text is missing from this build</source>
        <translation>%1：此版本缺少报告的 %2 文本</translation>
    </message>
    <message>
        <source>report: the page layout could not be painted</source>
        <translation>报告：无法绘制页面布局</translation>
    </message>
    <message>
        <source>report: the PDF could not be painted</source>
        <translation>报告：无法绘制 PDF</translation>
    </message>
    <message>
        <source>report: the printer &apos;%1&apos; could not be painted on</source>
        <translation>报告：无法在打印机“%1”上绘制</translation>
    </message>
    <message>
        <source>Benchmark report</source>
        <translation>基准测试报告</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::ScenarioDocument</name>
    <message>
        <source>Untitled scenario</source>
        <translation>未命名场景</translation>
    </message>
    <message>
        <source>Experiments</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>Main run</source>
        <translation>主训练</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: not JSON at offset %2: %3</source>
        <translation>%1：偏移量 %2 处不是有效的 JSON：%3</translation>
    </message>
    <message>
        <source>%1: not a scenario (the top level is not a JSON object)</source>
        <translation>%1：不是场景文件（顶层不是 JSON 对象）</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1 change</source>
        <translation>修改%1</translation>
    </message>
    <message>
        <source>row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::ScenarioEditor</name>
    <message>
        <source>&amp;Workload</source>
        <translation>工作负载(&amp;W)</translation>
    </message>
    <message>
        <source>C&amp;onstraints</source>
        <translation>约束(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Assumptions</source>
        <translation>假设(&amp;A)</translation>
    </message>
    <message>
        <source>Every edit re-plans at once; Ctrl+Z undoes it.</source>
        <translation>每次编辑都会立即重新规划；按 Ctrl+Z 可撤销。</translation>
    </message>
    <message>
        <source>%1
The comparison shows the last valid scenario until this is fixed.</source>
        <translation>%1
在修正之前，对比视图显示最后一个有效的场景。</translation>
    </message>
    <message>
        <source>%1
Nothing can be planned until this is fixed.</source>
        <translation>%1
修正此问题之前无法进行规划。</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::ScenarioFiles</name>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Start a new scenario from sensible defaults</source>
        <translation>从合理的默认值开始新场景</translation>
    </message>
    <message>
        <source>Open a scenario file (.gpuplan or .json)</source>
        <translation>打开场景文件（.gpuplan 或 .json）</translation>
    </message>
    <message>
        <source>Save the scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Save the scenario under a new name</source>
        <translation>以新名称保存场景</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Cannot open the scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>“%1” is removed from Open Recent.</source>
        <translation>“%1”已从“最近打开”中移除。</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Cannot save the scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>“%1” has changes that are not saved. Save them first?</source>
        <translation>“%1”有尚未保存的更改。是否先保存？</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>No recent scenarios</source>
        <translation>没有最近的场景</translation>
    </message>
    <message>
        <source>Scenarios (*.gpuplan *.json);;All files (*)</source>
        <translation>场景 (*.gpuplan *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>GPU Planner scenarios (*.gpuplan);;JSON scenarios (*.json);;All files (*)</source>
        <translation>GPU Planner 场景 (*.gpuplan);;JSON 场景 (*.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::SecretStore</name>
    <message>
        <source>System keychain, entry %1: %2</source>
        <translation>系统钥匙串，条目 %1：%2</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::SettingsDialog</name>
    <message>
        <source>System language</source>
        <translation>跟随系统语言</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>API keys</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Google Cloud Billing API key:</source>
        <translation>Google Cloud Billing API 密钥：</translation>
    </message>
    <message>
        <source>Lambda Cloud API key:</source>
        <translation>Lambda Cloud API 密钥：</translation>
    </message>
    <message>
        <source>RunPod API key:</source>
        <translation>RunPod API 密钥：</translation>
    </message>
    <message>
        <source>Vast.ai API key:</source>
        <translation>Vast.ai API 密钥：</translation>
    </message>
    <message>
        <source>DigitalOcean API token:</source>
        <translation>DigitalOcean API 令牌：</translation>
    </message>
    <message>
        <source>Hot Aisle API token:</source>
        <translation>Hot Aisle API 令牌：</translation>
    </message>
    <message>
        <source>Massed Compute API key:</source>
        <translation>Massed Compute API 密钥：</translation>
    </message>
    <message>
        <source>&amp;General</source>
        <translation>常规(&amp;G)</translation>
    </message>
    <message>
        <source>API &amp;keys</source>
        <translation>API 密钥(&amp;K)</translation>
    </message>
    <message>
        <source>Reading the system keychain…</source>
        <translation>正在读取系统钥匙串…</translation>
    </message>
    <message>
        <source>Needed to read %1 prices from its own price API. Leave empty to use the public catalog instead.</source>
        <translation>从 %1 自己的价格 API 读取价格时需要。留空则改用公开目录。</translation>
    </message>
    <message>
        <source>Keys are stored in the system keychain, never in the settings file.</source>
        <translation>密钥保存在系统钥匙串中，绝不会写入设置文件。</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Empty: use the system&apos;s proxy environment</source>
        <translation>留空：使用系统的代理环境变量</translation>
    </message>
    <message>
        <source>A proxy URL such as http://proxy.example.com:3128 or socks5://host:1080.</source>
        <translation>代理 URL，例如 http://proxy.example.com:3128 或 socks5://host:1080。</translation>
    </message>
    <message>
        <source>&amp;Proxy:</source>
        <translation>代理(&amp;P)：</translation>
    </message>
    <message>
        <source>Empty: use the system&apos;s certificates</source>
        <translation>留空：使用系统证书</translation>
    </message>
    <message>
        <source>A PEM file of extra certificate authorities, e.g. for a company proxy.</source>
        <translation>包含额外证书颁发机构的 PEM 文件，例如用于公司代理。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose a CA bundle</source>
        <translation>选择 CA 证书包</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt);;All files (*)</source>
        <translation>证书 (*.pem *.crt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;CA bundle:</source>
        <translation>CA 证书包(&amp;C)：</translation>
    </message>
    <message>
        <source>Display</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Prices and costs are converted with the catalog&apos;s latest exchange rates.</source>
        <translation>价格和成本按目录中最新的汇率换算。</translation>
    </message>
    <message>
        <source>C&amp;urrency:</source>
        <translation>货币(&amp;U)：</translation>
    </message>
    <message>
        <source>Takes effect the next time GPU Planner starts.</source>
        <translation>下次启动 GPU Planner 时生效。</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Estimated per GPU</source>
        <translation>按 GPU 估算</translation>
    </message>
    <message>
        <source>Share of the GPU&apos;s peak throughput a job reaches (MFU). 0 lets the estimator choose per GPU and precision.</source>
        <translation>作业达到的 GPU 峰值吞吐量比例（MFU）。0 表示由估算器按 GPU 和精度选择。</translation>
    </message>
    <message>
        <source>&amp;Efficiency:</source>
        <translation>效率(&amp;E)：</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Work since the last checkpoint is lost at each interruption.</source>
        <translation>每次中断都会丢失上一个检查点之后的工作。</translation>
    </message>
    <message>
        <source>C&amp;heckpoint interval:</source>
        <translation>检查点间隔(&amp;H)：</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>Could not read the API keys from the system keychain: %1</source>
        <translation>无法从系统钥匙串读取 API 密钥：%1</translation>
    </message>
    <message>
        <source>Proxy: &apos;%1&apos; is not a proxy URL such as http://host:3128</source>
        <translation>代理：“%1”不是代理 URL，例如 http://host:3128</translation>
    </message>
    <message>
        <source>CA bundle: the file &apos;%1&apos; does not exist</source>
        <translation>CA 证书包：文件“%1”不存在</translation>
    </message>
    <message>
        <source>Could not store the API keys in the system keychain: %1</source>
        <translation>无法将 API 密钥保存到系统钥匙串：%1</translation>
    </message>
    <message>
        <source>The new language applies the next time GPU Planner starts.</source>
        <translation>新语言将在下次启动 GPU Planner 时生效。</translation>
    </message>
    <message>
        <source>Default assumptions for new scenarios</source>
        <translation>新场景的默认假设</translation>
    </message>
    <message>
        <source>File ▸ New starts from these; open scenarios keep their own values.</source>
        <translation>文件 ▸ 新建 以此为起点；已打开的场景保留其自身的值。</translation>
    </message>
    <message>
        <source> % a month</source>
        <translation> % / 月</translation>
    </message>
    <message>
        <source>Documented default (15 % a month)</source>
        <translation>文档默认值（每月 15%）</translation>
    </message>
    <message>
        <source>Share of spot instances interrupted a month where the provider publishes no figure (the scenario&apos;s interruption rate).</source>
        <translation>在提供商未公布数据时，每月被中断的竞价实例比例（场景的中断率）。</translation>
    </message>
    <message>
        <source>Spot &amp;interruption rate:</source>
        <translation>竞价中断率(&amp;I)：</translation>
    </message>
    <message>
        <source>Documented default (1 h)</source>
        <translation>文档默认值（1 小时）</translation>
    </message>
    <message>
        <source>Alibaba Cloud AccessKey ID:</source>
        <translation>阿里云 AccessKey ID：</translation>
    </message>
    <message>
        <source>Alibaba Cloud AccessKey secret:</source>
        <translation>阿里云 AccessKey Secret：</translation>
    </message>
    <message>
        <source>Tencent Cloud SecretId:</source>
        <translation>腾讯云 SecretId：</translation>
    </message>
    <message>
        <source>Tencent Cloud SecretKey:</source>
        <translation>腾讯云 SecretKey：</translation>
    </message>
    <message>
        <source>Huawei Cloud access key (AK):</source>
        <translation>华为云访问密钥（AK）：</translation>
    </message>
    <message>
        <source>Huawei Cloud secret key (SK):</source>
        <translation>华为云秘密访问密钥（SK）：</translation>
    </message>
    <message>
        <source>Huawei Cloud project ID:</source>
        <translation>华为云项目 ID：</translation>
    </message>
    <message>
        <source>Huawei Cloud account (domain) ID:</source>
        <translation>华为云账号（domain）ID：</translation>
    </message>
    <message>
        <source>All parts are needed to read these prices from the cloud&apos;s own price API (the command line reads %1 from the environment).</source>
        <translation>从该云自己的价格 API 读取价格时需要全部各项（命令行从环境变量 %1 读取）。</translation>
    </message>
    <message>
        <source>%1 remove the spaces around the key</source>
        <translation>%1 请删除密钥前后的空格</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::SpendImportsDialog</name>
    <message>
        <source>no catalog is open</source>
        <translation>未打开目录</translation>
    </message>
    <message>
        <source>usage</source>
        <translation>用量</translation>
    </message>
    <message>
        <source>commitments</source>
        <translation>承诺费用</translation>
    </message>
    <message>
        <source>credits</source>
        <translation>抵扣</translation>
    </message>
    <message>
        <source>refunds</source>
        <translation>退款</translation>
    </message>
    <message>
        <source>tax</source>
        <translation>税费</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>%1: already imported (import %2): counted once, nothing changed.</source>
        <translation>%1：已导入过（导入 %2）：只计一次，未做更改。</translation>
    </message>
    <message>
        <source>Replaced 1 line of import %1 (%2) in %3; removing import %4 puts it back.</source>
        <translation>已替换导入 %1（%2）在 %3 账期中的 1 行；移除导入 %4 即可恢复。</translation>
    </message>
    <message>
        <source>Replaced %1 lines of import %2 (%3) in %4; removing import %5 puts them back.</source>
        <translation>已替换导入 %2（%3）在 %4 账期中的 %1 行；移除导入 %5 即可恢复。</translation>
    </message>
    <message>
        <source>%1 %2 %3</source>
        <translation>%1 %2 %3</translation>
    </message>
    <message>
        <source>Totals: %1.</source>
        <translation>合计：%1。</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Re&amp;move</source>
        <translation>移除(&amp;M)</translation>
    </message>
    <message>
        <source>Actual spend</source>
        <translation>实际支出</translation>
    </message>
    <message>
        <source>Billing exports from your providers (AWS CUR, Azure cost details, Google Cloud, FOCUS, Alibaba, Tencent, Huawei or a simple CSV). The timeline sets what was spent against the plan. Import a file or drop it here; a file imported twice counts once, and a line imported again (a corrected or restated bill) replaces its earlier copy until you remove the import that replaced it.</source>
        <translation>来自各云服务商的账单导出文件（AWS CUR、Azure 成本明细、Google Cloud、FOCUS、阿里云、腾讯云、华为云或简单 CSV）。时间线将实际支出与计划对照。导入文件或将其拖放到此处；同一文件导入两次只计一次，再次导入的账单行（更正或重述的账单）会替换其先前的副本，直到你移除替换它的那次导入。</translation>
    </message>
    <message>
        <source>The export&apos;s format; detected from its columns unless you pick one.</source>
        <translation>导出文件的格式；除非你选择一种，否则根据其列自动识别。</translation>
    </message>
    <message>
        <source>each line&apos;s own project tag</source>
        <translation>按每行自带的项目标签</translation>
    </message>
    <message>
        <source>The project the spend belongs to; empty files each line under its own project tag.</source>
        <translation>支出所属的项目；留空则每行归入其自带的项目标签。</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Project:</source>
        <translation>项目(&amp;P)：</translation>
    </message>
    <message>
        <source>Billing imports</source>
        <translation>账单导入</translation>
    </message>
    <message>
        <source>Working</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>Import billing export files</source>
        <translation>导入账单导出文件</translation>
    </message>
    <message>
        <source>Remove the selected import (Delete)</source>
        <translation>移除所选导入（Delete）</translation>
    </message>
    <message>
        <source>Remove billing import</source>
        <translation>移除账单导入</translation>
    </message>
    <message>
        <source>Remove billing import %1 (%2: %3 lines, periods %4)?</source>
        <translation>移除账单导入 %1（%2：%3 行，账期 %4）？</translation>
    </message>
    <message>
        <source>Its spend leaves the timeline&apos;s actuals; the file itself is not touched.</source>
        <translation>其支出将从时间线的实际数据中移除；文件本身不受影响。</translation>
    </message>
    <message>
        <source>Import billing exports</source>
        <translation>导入账单导出文件</translation>
    </message>
    <message>
        <source>Billing exports (*.csv *.tsv *.txt *.json *.ndjson *.jsonl);;All files (*)</source>
        <translation>账单导出文件 (*.csv *.tsv *.txt *.json *.ndjson *.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Importing %1 files…</source>
        <translation>正在导入 %1 个文件…</translation>
    </message>
    <message>
        <source>Removing billing import %1…</source>
        <translation>正在移除账单导入 %1…</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>未导入：%1</translation>
    </message>
    <message>
        <source>Not removed: %1</source>
        <translation>未移除：%1</translation>
    </message>
    <message>
        <source>Billing import removed.</source>
        <translation>账单导入已移除。</translation>
    </message>
    <message>
        <source>The billing imports cannot be read: %1</source>
        <translation>无法读取账单导入：%1</translation>
    </message>
    <message>
        <source>Imported %1 as %2 (import %3): %4 lines, periods %5.</source>
        <translation>已按 %2 导入 %1（导入 %3）：%4 行，账期 %5。</translation>
    </message>
    <message>
        <source>Imported %1 as %2 (import %3): %4 lines, periods %5, project %6.</source>
        <translation>已按 %2 导入 %1（导入 %3）：%4 行，账期 %5，项目 %6。</translation>
    </message>
    <message>
        <source>vouchers and promotional credits</source>
        <translation>代金券和赠送额度</translation>
    </message>
    <message>
        <source>&amp;What we ran…</source>
        <translation>我们用了什么(&amp;W)…</translation>
    </message>
    <message>
        <source>Read a billing file as GPU usage per month, priced again on-demand, on spot, under the commitments the provider sells and at other providers (nothing is imported).</source>
        <translation>把账单文件读成每月的 GPU 用量，并按按需、竞价、该云厂商出售的承诺以及其他云厂商重新定价（不导入任何内容）。</translation>
    </message>
    <message>
        <source>What we ran: choose a billing export</source>
        <translation>我们用了什么：选择账单导出文件</translation>
    </message>
    <message>
        <source>Billing exports (*.csv *.tsv *.txt *.json *.ndjson *.jsonl)</source>
        <translation>账单导出文件 (*.csv *.tsv *.txt *.json *.ndjson *.jsonl)</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::SpendImportsModel</name>
    <message>
        <source>Detect from the file</source>
        <translation>从文件识别</translation>
    </message>
    <message>
        <source>AWS Cost and Usage Report</source>
        <translation>AWS 成本和使用情况报告</translation>
    </message>
    <message>
        <source>Azure cost details</source>
        <translation>Azure 成本明细</translation>
    </message>
    <message>
        <source>Google Cloud billing export</source>
        <translation>Google Cloud 账单导出</translation>
    </message>
    <message>
        <source>FOCUS</source>
        <translation>FOCUS</translation>
    </message>
    <message>
        <source>Alibaba Cloud bill</source>
        <translation>阿里云账单</translation>
    </message>
    <message>
        <source>Tencent Cloud bill</source>
        <translation>腾讯云账单</translation>
    </message>
    <message>
        <source>Huawei Cloud bill</source>
        <translation>华为云账单</translation>
    </message>
    <message>
        <source>Simple spend CSV</source>
        <translation>简单支出 CSV</translation>
    </message>
    <message>
        <source>(each line&apos;s tag)</source>
        <translation>（每行自带标签）</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Periods</source>
        <translation>账期</translation>
    </message>
    <message>
        <source>Imported at</source>
        <translation>导入时间</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::TimelineChart</name>
    <message>
        <source>%1 breaks even</source>
        <translation>%1 达到盈亏平衡</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>%1 (millions)</source>
        <translation>%1（百万）</translation>
    </message>
    <message>
        <source>%1 (thousands)</source>
        <translation>%1（千）</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::TimelinePanel</name>
    <message>
        <source>Cost per month</source>
        <translation>每月成本</translation>
    </message>
    <message>
        <source>Cumulative cost</source>
        <translation>累计成本</translation>
    </message>
    <message>
        <source>Project phases: when each starts, how long it lasts and what it uses. Double-click to edit.</source>
        <translation>项目阶段：各阶段何时开始、持续多久、使用什么。双击进行编辑。</translation>
    </message>
    <message>
        <source>A&amp;dd phase</source>
        <translation>添加阶段(&amp;D)</translation>
    </message>
    <message>
        <source>Add a phase after the last one.</source>
        <translation>在最后一个阶段之后添加阶段。</translation>
    </message>
    <message>
        <source>Remo&amp;ve phase</source>
        <translation>删除阶段(&amp;V)</translation>
    </message>
    <message>
        <source>Remove the selected phase.</source>
        <translation>删除所选阶段。</translation>
    </message>
    <message>
        <source>Pha&amp;ses</source>
        <translation>阶段(&amp;S)</translation>
    </message>
    <message>
        <source>Cloud against owning: no timeline</source>
        <translation>云端与自有硬件对比：无时间线</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2</translation>
    </message>
    <message>
        <source>, breaks even in %1</source>
        <translation>，%1 达到盈亏平衡</translation>
    </message>
    <message>
        <source>Cloud against owning: add ownership figures to the scenario to compare</source>
        <translation>云端与自有硬件对比：在场景中添加自有硬件数据以进行比较</translation>
    </message>
    <message>
        <source>Budget (cumulative)</source>
        <translation>预算（累计）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Actual spend&lt;/b&gt; (project “%1”, before tax, against %6): %2 to %3 against %4 planned; variance %5</source>
        <translation>&lt;b&gt;实际支出&lt;/b&gt;（项目“%1”，税前，对比%6）：截至 %3 为 %2，规划 %4；差异 %5</translation>
    </message>
    <message>
        <source>Forecast to the end of the plan: %1 (range %2 to %3) from the last %4 days&apos; burn rate</source>
        <translation>至规划结束的预测：%1（范围 %2 至 %3），依据最近 %4 天的消耗速度</translation>
    </message>
    <message>
        <source>&lt;b&gt;Warning:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;警告：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>The instance whose subscriptions, reserved terms and negotiated quotes the Timeline compares with all on-demand. Instances with commitment prices are listed first.</source>
        <translation>时间线将此实例的包年包月、预留期限和协商报价与全部按需进行比较。有承诺价格的实例排在最前。</translation>
    </message>
    <message>
        <source>Co&amp;mmitments priced on:</source>
        <translation>承诺价格所依据的实例(&amp;M)：</translation>
    </message>
    <message>
        <source>The recommended instance</source>
        <translation>推荐的实例</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n commitment term(s))</source>
        <translation>
            <numerusform>%1（%n 个承诺期限）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (on-demand only)</source>
        <translation>%1（仅按需）</translation>
    </message>
    <message>
        <source>%1 %2 in %3 (not in this plan)</source>
        <translation>%1 %2（%3，不在此方案中）</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::WelcomeDialog</name>
    <message>
        <source>&amp;Open example</source>
        <translation>打开示例(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Show this at start</source>
        <translation>启动时显示(&amp;S)</translation>
    </message>
    <message>
        <source>Welcome to GPU Planner</source>
        <translation>欢迎使用 GPU Planner</translation>
    </message>
    <message>
        <source>&lt;b&gt;Plan a GPU rental in minutes.&lt;/b&gt; Describe the work, say what must hold (deadline, budget), and compare every offer of the catalog, with its risk and where each price comes from. Start from an example or from a blank scenario.</source>
        <translation>&lt;b&gt;几分钟内规划 GPU 租用。&lt;/b&gt;描述工作，说明必须满足的条件（截止时间、预算），并比较目录中的每个报价，包括其风险和每个价格的来源。可从示例或空白场景开始。</translation>
    </message>
    <message>
        <source>Example scenarios</source>
        <translation>示例场景</translation>
    </message>
    <message>
        <source>Start &amp;blank</source>
        <translation>从空白开始(&amp;B)</translation>
    </message>
    <message>
        <source>Read the &amp;guide</source>
        <translation>阅读指南(&amp;G)</translation>
    </message>
    <message>
        <source>GPU Planner guide</source>
        <translation>GPU Planner 指南</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::WorkloadEditor</name>
    <message>
        <source>Generic (default)</source>
        <translation>通用（默认）</translation>
    </message>
    <message>
        <source>Tuned at this scale</source>
        <translation>已在此规模调优</translation>
    </message>
    <message>
        <source>Generic</source>
        <translation>通用</translation>
    </message>
    <message>
        <source>Stack maturity:</source>
        <translation>训练栈成熟度：</translation>
    </message>
    <message>
        <source>A stack already run at this scale (Megatron-Core, NeMo, torchtitan, llm-foundry, MaxText class) reaches the tuned throughput; a generic stack, or a first time at this scale, took about a third more GPU-hours in published campaigns. Choose Measured MFU to give the MFU your own runs of this stack reached instead.</source>
        <translation>已在此规模运行过的训练栈（Megatron-Core、NeMo、torchtitan、llm-foundry、MaxText 一类）可达到调优后的吞吐量；在已发表的训练中，通用训练栈或首次在此规模训练多用了约三分之一的 GPU 小时。选择“实测 MFU”，即可改填你们用此训练栈实际达到的 MFU。</translation>
    </message>
    <message>
        <source>Measured MFU</source>
        <translation>实测 MFU</translation>
    </message>
    <message>
        <source>Measured MFU:</source>
        <translation>实测 MFU：</translation>
    </message>
    <message>
        <source>Model FLOPs utilization your stack reached on comparable runs, in % of the GPUs&apos; peak (42 %, 42 or 0.42). It replaces the stack factor: the estimate runs at this rate instead of the tuned one. The scenario file keeps it as &quot;stack&quot;: &quot;mfu=0.42&quot;.</source>
        <translation>你们的训练栈在可比规模的运行中达到的模型 FLOPs 利用率（MFU），以 GPU 峰值的百分比表示（42 %、42 或 0.42）。它替代训练栈系数：估算按这一速率计算，而不是按调优后的速率。场景文件中记为 &quot;stack&quot;: &quot;mfu=0.42&quot;。</translation>
    </message>
    <message>
        <source>Manual (default)</source>
        <translation>手动（默认）</translation>
    </message>
    <message>
        <source>Automatic restart</source>
        <translation>自动重启</translation>
    </message>
    <message>
        <source>Manual</source>
        <translation>手动</translation>
    </message>
    <message>
        <source>Failure reco&amp;very:</source>
        <translation>故障恢复(&amp;V)：</translation>
    </message>
    <message>
        <source>Whether failures are found and the job restarted by tooling. Campaigns restarted by hand trained for 59-87 % of their wall-clock (OPT-175B, GLM-130B, BLOOM), automated ones over 90 %.</source>
        <translation>故障是否由工具发现并自动重启作业。手动重启的训练只有 59-87 % 的墙钟时间在训练（OPT-175B、GLM-130B、BLOOM），自动化的超过 90 %。</translation>
    </message>
    <message>
        <source>Yes (default)</source>
        <translation>是（默认）</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>First run at this scale:</source>
        <translation>首次在此规模训练：</translation>
    </message>
    <message>
        <source>Yes unless the team has trained this architecture with this stack at a quarter of this size or more: first runs lose time to divergence and rewinds (OPT-175B about 10 %, GLM-130B about 7 %).</source>
        <translation>除非团队已用此训练栈在此规模的四分之一及以上训练过此架构，否则为是：首次训练会因发散和回退损失时间（OPT-175B 约 10 %，GLM-130B 约 7 %）。</translation>
    </message>
    <message>
        <source>Stand&amp;by capacity (%):</source>
        <translation>备用容量（%）(&amp;B)：</translation>
    </message>
    <message>
        <source>0 (default)</source>
        <translation>0（默认）</translation>
    </message>
    <message>
        <source>Spare GPUs paid for the whole run, in % of those training (BLOOM reserved 8.3 %, OPT-175B up to 15 %). They add to the GPU-hours paid, not to the time.</source>
        <translation>整个训练期间付费的备用 GPU，占训练 GPU 的百分比（BLOOM 预留 8.3 %，OPT-175B 最多 15 %）。它们增加付费的 GPU 小时，不增加时间。</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>类型(&amp;K)：</translation>
    </message>
    <message>
        <source>Fine-tune &amp;method:</source>
        <translation>微调方法(&amp;M)：</translation>
    </message>
    <message>
        <source>Full fine-tuning updates every weight; LoRA trains small adapters; QLoRA also keeps the base model in 4 bits, so it needs far less memory.</source>
        <translation>全量微调会更新所有权重；LoRA 只训练小型适配器；QLoRA 还以 4 位保存基础模型，因此所需显存少得多。</translation>
    </message>
    <message>
        <source>Custom architecture…</source>
        <translation>自定义架构…</translation>
    </message>
    <message>
        <source>Mode&amp;l:</source>
        <translation>模型(&amp;L)：</translation>
    </message>
    <message>
        <source>A published model whose size and shape are known, or a custom architecture described below.</source>
        <translation>规模和结构已知的公开模型，或在下方描述的自定义架构。</translation>
    </message>
    <message>
        <source>Para&amp;meters:</source>
        <translation>参数量(&amp;M)：</translation>
    </message>
    <message>
        <source>e.g. 7B</source>
        <translation>例如 7B</translation>
    </message>
    <message>
        <source>Total parameter count (7B, 350M). Leave empty to compute it from the shape.</source>
        <translation>参数总数（7B、350M）。留空则根据结构计算。</translation>
    </message>
    <message>
        <source>Layers:</source>
        <translation>层数：</translation>
    </message>
    <message>
        <source>e.g. 32</source>
        <translation>例如 32</translation>
    </message>
    <message>
        <source>Transformer blocks.</source>
        <translation>Transformer 块数。</translation>
    </message>
    <message>
        <source>Hidden size:</source>
        <translation>隐藏层大小：</translation>
    </message>
    <message>
        <source>e.g. 4096</source>
        <translation>例如 4096</translation>
    </message>
    <message>
        <source>Model width (d_model).</source>
        <translation>模型宽度（d_model）。</translation>
    </message>
    <message>
        <source>Attention heads:</source>
        <translation>注意力头数：</translation>
    </message>
    <message>
        <source>Attention heads per layer.</source>
        <translation>每层的注意力头数。</translation>
    </message>
    <message>
        <source>Se&amp;quence length:</source>
        <translation>序列长度(&amp;Q)：</translation>
    </message>
    <message>
        <source>from the preset</source>
        <translation>来自预设</translation>
    </message>
    <message>
        <source>Tokens per training sequence; overrides the preset&apos;s context length.</source>
        <translation>每个训练序列的 token 数；覆盖预设的上下文长度。</translation>
    </message>
    <message>
        <source>&amp;Dataset tokens:</source>
        <translation>数据集 token 数(&amp;D)：</translation>
    </message>
    <message>
        <source>e.g. 2T, 300B, 51M</source>
        <translation>例如 2T、300B、51M</translation>
    </message>
    <message>
        <source>Tokens in one pass over the data. Units: K, M, B (or G) and T.</source>
        <translation>遍历一次数据的 token 数。单位：K、M、B（或 G）和 T。</translation>
    </message>
    <message>
        <source>&amp;Dataset samples:</source>
        <translation>数据集样本数(&amp;D)：</translation>
    </message>
    <message>
        <source>e.g. 1.28M</source>
        <translation>例如 1.28M</translation>
    </message>
    <message>
        <source>Images (or samples) in one pass over the data.</source>
        <translation>遍历一次数据的图像（或样本）数。</translation>
    </message>
    <message>
        <source>FLOPs per sa&amp;mple:</source>
        <translation>每样本 FLOPs(&amp;M)：</translation>
    </message>
    <message>
        <source>Forward-pass FLOPs of one sample (2 × multiply-adds); presets know it.</source>
        <translation>单个样本前向传播的 FLOPs（2 × 乘加次数）；预设中已包含。</translation>
    </message>
    <message>
        <source>Epoch&amp;s:</source>
        <translation>轮数(&amp;S)：</translation>
    </message>
    <message>
        <source>1</source>
        <translation>1</translation>
    </message>
    <message>
        <source>Passes over the dataset.</source>
        <translation>遍历数据集的次数。</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>Precisio&amp;n:</source>
        <translation>精度(&amp;N)：</translation>
    </message>
    <message>
        <source>Default for the kind</source>
        <translation>按类型默认</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation>8 位 Adam</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>Optimi&amp;zer:</source>
        <translation>优化器(&amp;Z)：</translation>
    </message>
    <message>
        <source>Decides the optimizer state kept per parameter: AdamW 12 bytes, 8-bit Adam 6, SGD 4.</source>
        <translation>决定每个参数保存的优化器状态：AdamW 12 字节，8 位 Adam 6 字节，SGD 4 字节。</translation>
    </message>
    <message>
        <source>LoRA ra&amp;nk:</source>
        <translation>LoRA 秩(&amp;N)：</translation>
    </message>
    <message>
        <source>16</source>
        <translation>16</translation>
    </message>
    <message>
        <source>Rank of the adapter matrices; higher trains more parameters.</source>
        <translation>适配器矩阵的秩；越高训练的参数越多。</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <source>INT4</source>
        <translation>INT4</translation>
    </message>
    <message>
        <source>Weight&amp;s:</source>
        <translation>权重(&amp;S)：</translation>
    </message>
    <message>
        <source>Storage precision of the served weights.</source>
        <translation>服务时权重的存储精度。</translation>
    </message>
    <message>
        <source>Prompt tokens:</source>
        <translation>提示 token 数：</translation>
    </message>
    <message>
        <source>1000</source>
        <translation>1000</translation>
    </message>
    <message>
        <source>Average prompt length per request.</source>
        <translation>每个请求的平均提示长度。</translation>
    </message>
    <message>
        <source>Output tokens:</source>
        <translation>输出 token 数：</translation>
    </message>
    <message>
        <source>250</source>
        <translation>250</translation>
    </message>
    <message>
        <source>Average generated tokens per request.</source>
        <translation>每个请求平均生成的 token 数。</translation>
    </message>
    <message>
        <source>Requests per secon&amp;d:</source>
        <translation>每秒请求数(&amp;D)：</translation>
    </message>
    <message>
        <source>e.g. 5</source>
        <translation>例如 5</translation>
    </message>
    <message>
        <source>Sustained demand. Give this or output tokens per second.</source>
        <translation>持续的需求量。填写此项或每秒输出 token 数。</translation>
    </message>
    <message>
        <source>Ti&amp;me to first token:</source>
        <translation>首 token 时间(&amp;M)：</translation>
    </message>
    <message>
        <source>e.g. 2s</source>
        <translation>例如 2s</translation>
    </message>
    <message>
        <source>Latency target for the first token (500ms, 2s); empty for none.</source>
        <translation>首个 token 的延迟目标（500ms、2s）；留空表示不限。</translation>
    </message>
    <message>
        <source>Time per output token:</source>
        <translation>每个输出 token 的时间：</translation>
    </message>
    <message>
        <source>e.g. 50ms</source>
        <translation>例如 50ms</translation>
    </message>
    <message>
        <source>Latency target between output tokens; empty for none.</source>
        <translation>输出 token 之间的延迟目标；留空表示不限。</translation>
    </message>
    <message>
        <source>What the GPUs will do: train a model from scratch, adapt an existing one, train a vision network, serve requests, or run a job whose speed you measured on a GPU of your own.</source>
        <translation>GPU 要做什么：从头训练模型、微调已有模型、训练视觉网络、提供推理服务，或运行一个你已在自己的 GPU 上测过速度的作业。</translation>
    </message>
    <message>
        <source>Number format of the training math; a measured job scales by the peak at this format. BF16 is the usual choice; FP8 needs Hopper or newer.</source>
        <translation>训练计算的数值格式；实测作业按此格式下的峰值算力换算。通常选 BF16；FP8 需要 Hopper 或更新架构。</translation>
    </message>
    <message>
        <source>&amp;Measured rate:</source>
        <translation>实测速率(&amp;M)：</translation>
    </message>
    <message>
        <source>e.g. 3100</source>
        <translation>例如 3100</translation>
    </message>
    <message>
        <source>Items (tokens or samples) per second your job reached on the reference GPUs, all of them together (3100, 3.1K).</source>
        <translation>你的作业在参考 GPU 上（全部 GPU 合计）每秒处理的条目数（token 或样本）（3100、3.1K）。</translation>
    </message>
    <message>
        <source>Reference GPU:</source>
        <translation>参考 GPU：</translation>
    </message>
    <message>
        <source>e.g. A100-80GB</source>
        <translation>例如 A100-80GB</translation>
    </message>
    <message>
        <source>The GPU the rate was measured on: a catalog id or a name such as A100-80GB, H100 or NVIDIA A100 80GB. The Catalog tab lists the GPU models.</source>
        <translation>测得该速率所用的 GPU：目录 ID 或名称，例如 A100-80GB、H100 或 NVIDIA A100 80GB。“目录”页列出了所有 GPU 型号。</translation>
    </message>
    <message>
        <source>Reference GPU count:</source>
        <translation>参考 GPU 数量：</translation>
    </message>
    <message>
        <source>How many of the reference GPUs the measured rate used.</source>
        <translation>测得该速率时使用了多少块参考 GPU。</translation>
    </message>
    <message>
        <source>Compute (peak FLOPS)</source>
        <translation>计算（峰值 FLOPS）</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>&amp;Bound by:</source>
        <translation>受限于(&amp;B)：</translation>
    </message>
    <message>
        <source>What limits the job: compute scales the rate by each GPU&apos;s peak FLOPS at the chosen precision, memory by its memory bandwidth.</source>
        <translation>限制作业速度的因素：选“计算”则按各 GPU 在所选精度下的峰值 FLOPS 换算速率，选“显存带宽”则按显存带宽换算。</translation>
    </message>
    <message>
        <source>Items to proce&amp;ss:</source>
        <translation>待处理条目数(&amp;S)：</translation>
    </message>
    <message>
        <source>e.g. 2B</source>
        <translation>例如 2B</translation>
    </message>
    <message>
        <source>Total tokens or samples the job has to get through. Units: K, M, B (or G) and T.</source>
        <translation>作业需要处理的 token 或样本总数。单位：K、M、B（或 G）和 T。</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本</translation>
    </message>
    <message>
        <source>Item unit:</source>
        <translation>条目单位：</translation>
    </message>
    <message>
        <source>Whether the rate and the total count tokens or samples.</source>
        <translation>速率和总数计的是 token 还是样本。</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::charts::PriceHistoryChart</name>
    <message>
        <source> %1 mo</source>
        <translation> %1 个月</translation>
    </message>
    <message>
        <source>No recorded prices for this offer</source>
        <translation>此报价没有记录的价格</translation>
    </message>
    <message>
        <source>%1 per hour</source>
        <translation>每小时 %1</translation>
    </message>
    <message>
        <source>Price history</source>
        <translation>价格历史</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::BillAnalysisDialog</name>
    <message>
        <source>Start a &amp;portfolio from this bill…</source>
        <translation>从这份账单开始投资组合(&amp;P)…</translation>
    </message>
    <message>
        <source>Write a portfolio file whose workloads are this bill&apos;s steady GPU usage, as `gpu-planner-cli actuals recommend` starts it (12 months from the month after the bill, 30 % demand shortfall, the geography each GPU ran in).</source>
        <translation>写出一个投资组合文件，其工作负载是这份账单中稳定的 GPU 用量，与 `gpu-planner-cli actuals recommend` 的起点相同（从账单之后的一个月起 12 个月，需求缺口 30%，各 GPU 原来运行的地理区域）。</translation>
    </message>
    <message>
        <source>Start a portfolio from this bill</source>
        <translation>从这份账单开始投资组合</translation>
    </message>
    <message>
        <source>GPU Planner portfolios (*.json);;All files (*)</source>
        <translation>GPU Planner 投资组合 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Portfolio not written to %1:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;投资组合未写入 %1：&lt;/b&gt;%2</translation>
    </message>
    <message>
        <source>no bill has been read</source>
        <translation>尚未读取账单</translation>
    </message>
    <message>
        <source>Portfolio written to &lt;b&gt;%1&lt;/b&gt; (%2 workloads from the bill&apos;s steady usage). Tools ▸ Plan a portfolio… opens and plans it.</source>
        <translation>投资组合已写入 &lt;b&gt;%1&lt;/b&gt;（%2 个工作负载，来自账单的稳定用量）。工具 ▸ 规划投资组合… 可打开并规划它。</translation>
    </message>
    <message>
        <source>%1 in %2: %3 GPUs steady, %4 GPU-hours on top.</source>
        <translation>%1（%2）：稳定 %3 个 GPU，另有 %4 GPU 小时的突发用量。</translation>
    </message>
    <message>
        <source>&amp;Repriced usage</source>
        <translation>重新定价的用量(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Saving by month and prices</source>
        <translation>按月节省与价格(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Usage, steady part and unrecognised lines</source>
        <translation>用量、稳定部分与未识别的行(&amp;U)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 to %3.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2 至 %3。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not read:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;未读取：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>GPU spend %1 %2: %3 placed on catalog GPUs, %4 unrecognised (listed).</source>
        <translation>GPU 支出 %1 %2：%3 已对应到目录 GPU，%4 未识别（已列出）。</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Reading the bill…</source>
        <translation>正在读取账单…</translation>
    </message>
    <message>
        <source>Saving available: USD %1 of USD %2 paid (spot not counted). Start a portfolio from this bill to plan what to commit to next.</source>
        <translation>可节省：已支付 USD %2 中的 USD %1（不计竞价）。从这份账单开始投资组合，规划下一步的承诺。</translation>
    </message>
    <message>
        <source>What we ran and what it would have cost</source>
        <translation>我们用了什么，换一种方式要花多少</translation>
    </message>
    <message>
        <source>an unknown region</source>
        <translation>未知区域</translation>
    </message>
</context>
<context>
    <name>gpuplanner::ui::BillUsageModel</name>
    <message>
        <source>%1 %2 in %3, %4: %5 per hour
Source: %6
Dated %7</source>
        <translation>%1 %2（%3），%4：每小时 %5
来源：%6
日期 %7</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>(not on the bill)</source>
        <translation>（账单未注明）</translation>
    </message>
    <message>
        <source>Billed as</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>Cheapest commitment sold (USD)</source>
        <translation>最便宜的在售承诺（美元）</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>月份</translation>
    </message>
    <message>
        <source>On-demand (USD)</source>
        <translation>按需（美元）</translation>
    </message>
    <message>
        <source>Other provider (USD)</source>
        <translation>其他云厂商（美元）</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>已支付</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>区域</translation>
    </message>
    <message>
        <source>Spot (USD)</source>
        <translation>竞价（美元）</translation>
    </message>
    <message>
        <source>The catalog has no such price.</source>
        <translation>目录中没有该价格。</translation>
    </message>
    <message>
        <source>The provider sells no commitment for this instance here.</source>
        <translation>该云厂商在此区域不为该实例出售承诺。</translation>
    </message>
    <message>
        <source>This price is older than the month it prices.</source>
        <translation>该价格早于其定价的月份。</translation>
    </message>
    <message>
        <source>none sold</source>
        <translation>无在售</translation>
    </message>
</context>
</TS>
