<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>gpuplanner::ui::ReportPainter</name>
    <message>
        <source>%1 (stated, set against each GPU&apos;s tuned MFU)</source>
        <translation>%1（已说明，与各 GPU 调优后的 MFU 相比）</translation>
    </message>
    <message>
        <source>%1 (%2, x %3)</source>
        <translation>%1（%2，x %3）</translation>
    </message>
    <message>
        <source>stated</source>
        <translation>已说明</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>tuned at this scale</source>
        <translation>已在此规模调优</translation>
    </message>
    <message>
        <source>measured MFU %1</source>
        <translation>实测 MFU %1</translation>
    </message>
    <message>
        <source>generic or first time at this scale</source>
        <translation>通用训练栈或首次在此规模训练</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>manual</source>
        <translation>手动</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Campaign terms (factor on GPU-hours): stack %1; failure handling %2; first run at this scale %3; spare capacity %4.</source>
        <translation>训练过程条件（GPU 小时系数）：训练栈 %1；故障处理 %2；首次在此规模训练 %3；备用容量 %4。</translation>
    </message>
    <message>
        <source>Its price was observed on %1.</source>
        <translation>其价格观测于 %1。</translation>
    </message>
    <message>
        <source>Best case: %1 GPU-hours in %2, a tuned stack with no incidents; a figure to aim at, not to budget on.</source>
        <translation>最佳情况：%2 内 %1 GPU 小时，即调优良好、无故障的训练栈；这是努力目标，不宜作为预算依据。</translation>
    </message>
    <message>
        <source>the spread of published pre-training campaigns around the model</source>
        <translation>已发表的预训练实际耗时相对模型的离散范围</translation>
    </message>
    <message>
        <source>the spread of published tuned runs around the estimator</source>
        <translation>已发表的调优运行相对估算器的离散范围</translation>
    </message>
    <message>
        <source>GPU-hours: %1 expected, the figure the costs rest on (P10 %2, P90 %3: %4).</source>
        <translation>GPU 小时：预期 %1，成本即以此为准（P10 %2，P90 %3：%4）。</translation>
    </message>
    <message>
        <source>GPU-hours: %1.</source>
        <translation>GPU 小时：%1。</translation>
    </message>
    <message>
        <source>best %1</source>
        <translation>最佳 %1</translation>
    </message>
    <message>
        <source>Times and costs are for the expected run; “best” is a tuned stack with no incidents.</source>
        <translation>时间与成本均按预期运行计算；“最佳”指调优良好、无故障的训练栈。</translation>
    </message>
    <message>
        <source>Times and costs are for the expected campaign: the modelled run times a factor fitted on published pre-training campaigns (by GPU generation and scale), which carries what campaigns lose to lower efficiency, loss spikes, reruns and stalls; P10 and P90 are those campaigns' spread around the fit. The best case is a tuned stack with no incidents.</source>
        <translation>时间与成本按预期的完整训练计算：模型估算的运行时间乘以一个按已发表预训练实际耗时拟合的系数（按 GPU 代际与规模），用以计入实际训练中因效率偏低、损失尖峰、重跑和停顿而损失的时间；P10 与 P90 为这些训练相对拟合值的离散范围。最佳情况指调优良好、无故障的训练栈。</translation>
    </message>
    <message>
        <source>P10 and P90 of the run's length are the spread of published tuned runs around this estimator; a calibration on the GPU narrows it.</source>
        <translation>运行时长的 P10 与 P90 来自已发表调优运行相对本估算器的离散范围；对该 GPU 做一次校准可以缩小此范围。</translation>
    </message>
    <message>
        <source>GPU Planner %1 · prices change: check them before you sign</source>
        <translation>GPU Planner %1 · 价格随时变化：签约前请核实</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>Page %1</source>
        <translation>第 %1 页</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Prepared by</source>
        <translation>编制人</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Options compared</source>
        <translation>比较的选项</translation>
    </message>
    <message>
        <source>top %1 of %2 usable options (from %3 offers)</source>
        <translation>%2 个可用选项中的前 %1 个（来自 %3 个报价）</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>推荐方案</translation>
    </message>
    <message>
        <source>GPU Planner %1 · %2 · prices change: check them before you sign</source>
        <translation>GPU Planner %1 · %2 · 价格随时变化：签约前请核实</translation>
    </message>
    <message>
        <source>data: catalog %1, prices of %2</source>
        <translation>数据：目录 %1，价格日期 %2</translation>
    </message>
    <message>
        <source>data: catalog %1, prices %2 to %3</source>
        <translation>数据：目录 %1，价格日期 %2 至 %3</translation>
    </message>
    <message>
        <source>Main run</source>
        <translation>主训练</translation>
    </message>
    <message>
        <source>%1 expected (P90 %2)</source>
        <translation>预期 %1（P90 %2）</translation>
    </message>
    <message>
        <source>Cheapest on-demand</source>
        <translation>最便宜的按需</translation>
    </message>
    <message>
        <source>%1 for the main run (%2)</source>
        <translation>主训练 %1（%2）</translation>
    </message>
    <message>
        <source>Whole project</source>
        <translation>整个项目</translation>
    </message>
    <message>
        <source>%1 phase(s), %2 to %3</source>
        <translation>%1 个阶段，%2 至 %3</translation>
    </message>
    <message>
        <source>%1 %2; all on-demand %3 (%4)</source>
        <translation>%1 %2；全部按需 %3（%4）</translation>
    </message>
    <message>
        <source>(the planned job is not one of the phases)</source>
        <translation>（计划的任务不在各阶段之中）</translation>
    </message>
    <message>
        <source>all on-demand %1 (%2)</source>
        <translation>全部按需 %1（%2）</translation>
    </message>
    <message>
        <source>Made with GPU Planner %1 from the offer catalog on this computer. Figures are estimates; see the assumptions and the disclaimer at the end.</source>
        <translation>由 GPU Planner %1 根据本机的报价目录生成。所有数字均为估算；请参阅文末的假设与免责声明。</translation>
    </message>
    <message>
        <source>Executive summary</source>
        <translation>执行摘要</translation>
    </message>
    <message>
        <source>No offer in the catalog can run this workload under the constraints. Relax the constraints (deadline, budget, GPU limits, providers) and plan again.</source>
        <translation>在当前约束下，目录中没有任何报价能运行此工作负载。请放宽约束（截止时间、预算、GPU 上限、云服务商）后重新规划。</translation>
    </message>
    <message>
        <source>Recommended: &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>推荐方案：&lt;b&gt;%1&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>No option meets the deadline and budget with the required %1 probability; this one has the best chance (%2).</source>
        <translation>没有任何选项能以要求的 %1 概率同时满足截止时间和预算；此选项的把握最大（%2）。</translation>
    </message>
    <message>
        <source>It is the cheapest option that meets the deadline and the budget with at least %1 probability.</source>
        <translation>这是以至少 %1 的概率同时满足截止时间和预算的最便宜选项。</translation>
    </message>
    <message>
        <source>It is the cheapest option.</source>
        <translation>这是最便宜的选项。</translation>
    </message>
    <message>
        <source>Expected cost</source>
        <translation>预期成本</translation>
    </message>
    <message>
        <source>P90 cost</source>
        <translation>P90 成本</translation>
    </message>
    <message>
        <source>Time (P50)</source>
        <translation>用时（P50）</translation>
    </message>
    <message>
        <source>Per M output tokens</source>
        <translation>每百万输出 token</translation>
    </message>
    <message>
        <source>Meets deadline</source>
        <translation>按期完成概率</translation>
    </message>
    <message>
        <source>no deadline</source>
        <translation>无截止时间</translation>
    </message>
    <message>
        <source>Meets budget</source>
        <translation>不超预算概率</translation>
    </message>
    <message>
        <source>no budget</source>
        <translation>无预算</translation>
    </message>
    <message>
        <source>Cheapest on-demand option</source>
        <translation>最便宜的按需选项</translation>
    </message>
    <message>
        <source>Fastest option</source>
        <translation>最快的选项</translation>
    </message>
    <message>
        <source>Best offer from %1</source>
        <translation>%1 的最佳报价</translation>
    </message>
    <message>
        <source>Against the alternatives:</source>
        <translation>与其他选项相比：</translation>
    </message>
    <message>
        <source>%1; the recommendation saves %2 (%3)</source>
        <translation>%1；选用推荐方案可节省 %2（%3）</translation>
    </message>
    <message>
        <source>%1, %2 less, but see its time and risk</source>
        <translation>%1，便宜 %2，但请注意其用时和风险</translation>
    </message>
    <message>
        <source>; time %1 against %2</source>
        <translation>；用时 %1，推荐方案为 %2</translation>
    </message>
    <message>
        <source>%1: %2 — %3%4</source>
        <translation>%1：%2 —— %3%4</translation>
    </message>
    <message>
        <source>Workload and constraints</source>
        <translation>工作负载与约束</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Requests per second</source>
        <translation>每秒请求数</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Other workload settings</source>
        <translation>其他工作负载设置</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>截止时间</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>Required confidence</source>
        <translation>要求的置信度</translation>
    </message>
    <message>
        <source>at most %1 GPUs</source>
        <translation>最多 %1 个 GPU</translation>
    </message>
    <message>
        <source>any number of GPUs</source>
        <translation>GPU 数量不限</translation>
    </message>
    <message>
        <source>at most %1 instances</source>
        <translation>最多 %1 台实例</translation>
    </message>
    <message>
        <source>any number of instances</source>
        <translation>实例数量不限</translation>
    </message>
    <message>
        <source>at least %1 GiB per GPU</source>
        <translation>每个 GPU 至少 %1 GiB 显存</translation>
    </message>
    <message>
        <source>GPU limits</source>
        <translation>GPU 限制</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>云服务商</translation>
    </message>
    <message>
        <source>Regions</source>
        <translation>区域</translation>
    </message>
    <message>
        <source>GPU models</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>Billing models</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>Multi-node needs RDMA</source>
        <translation>多节点需要 RDMA</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>Prices are the catalog's list prices per instance-hour, converted to %1; usage is billed by the provider's own rounding rules.</source>
        <translation>价格为目录中每实例小时的标价，折算为 %1；用量按各云服务商自己的计费取整规则计算。</translation>
    </message>
    <message>
        <source>Training time comes from the model's FLOPs and the GPUs' published peak rates at a typical efficiency; the bottleneck (compute, memory, network) is taken into account.</source>
        <translation>训练用时根据模型的浮点运算量和 GPU 公布的峰值算力按典型效率估算，并考虑了瓶颈（计算、显存、网络）。</translation>
    </message>
    <message>
        <source>Serving capacity comes from the GPUs' memory bandwidth and compute for the stated prompt and output lengths; costs cover %1 month(s) of serving.</source>
        <translation>推理服务能力根据 GPU 的显存带宽和算力，按给定的输入和输出长度估算；成本涵盖 %1 个月的服务。</translation>
    </message>
    <message>
        <source>Spot instances are interrupted at a monthly rate per instance (%1 by default); the job checkpoints every %2 and needs %3 to restart, which is simulated %4 times to give P50 and P90.</source>
        <translation>竞价实例按每台实例每月的中断率被回收（默认 %1）；任务每 %2 保存一次检查点，重启需要 %3；以上过程模拟 %4 次，得出 P50 和 P90。</translation>
    </message>
    <message>
        <source>Spot prices are the median zone price of a region where known, not the lowest.</source>
        <translation>竞价价格取区域内各可用区价格的中位数（如有），而不是最低价。</translation>
    </message>
    <message>
        <source>A %1-month commitment (%2) is priced at %3 off on-demand for %4, used %5 of its term. Source: %6.</source>
        <translation>%1 个月承诺使用（%2）按比按需价格低 %3 计价，适用于%4，期内使用率 %5。来源：%6。</translation>
    </message>
    <message>
        <source>all upfront</source>
        <translation>全部预付</translation>
    </message>
    <message>
        <source>partial upfront</source>
        <translation>部分预付</translation>
    </message>
    <message>
        <source>no upfront</source>
        <translation>无预付</translation>
    </message>
    <message>
        <source>every provider</source>
        <translation>所有云服务商</translation>
    </message>
    <message>
        <source>Storage and egress are included: %1 GB of data, %2 GB of checkpoints kept during the run and %3 GB downloaded at the end.</source>
        <translation>已包含存储和出网流量费用：%1 GB 数据、运行期间保留的 %2 GB 检查点，以及结束时下载的 %3 GB。</translation>
    </message>
    <message>
        <source>The capacity block is paid up front: %1 for %2 day(s).</source>
        <translation>容量块需预先支付：%2 天共 %1。</translation>
    </message>
    <message>
        <source>The commitment costs %1 over %2 term(s), used or not; it beats on-demand above %3 utilization.</source>
        <translation>无论是否使用，该承诺在 %2 个期限内共花费 %1；使用率高于 %3 时比按需更划算。</translation>
    </message>
    <message>
        <source>Price source: %1.</source>
        <translation>价格来源：%1。</translation>
    </message>
    <message>
        <source>A %1-month commitment (%2) with %3 is priced at the quoted %4 per instance-hour. Source: %5.</source>
        <translation>与 %3 签订的 %1 个月承诺（%2）按报价每实例小时 %4 计价。来源：%5。</translation>
    </message>
    <message>
        <source>A %1-month commitment (%2) with %3 is priced at the negotiated %4 off on-demand. Source: %5.</source>
        <translation>与 %3 签订的 %1 个月承诺（%2）按协商的按需价格折扣 %4 计价。来源：%5。</translation>
    </message>
    <message>
        <source>A commitment is charged to this work at %1 use of its term; the rest of the term is assumed to carry other work.</source>
        <translation>承诺按其期限 %1 的使用率计入此工作；假定期限的其余部分承载其他工作。</translation>
    </message>
    <message>
        <source>A commitment is charged to this work in full (every hour of its term, used or not).</source>
        <translation>承诺全额计入此工作（期限内每小时都计费，无论是否使用）。</translation>
    </message>
    <message>
        <source>%1 is converted at %2 per US dollar (%3, %4).</source>
        <translation>%1 按每美元 %2 折算（%3，%4）。</translation>
    </message>
    <message>
        <source>Amounts are shown in %1 at %2 %1 per US dollar (%3, %4).</source>
        <translation>金额以 %1 显示，按每美元 %2 %1 折算（%3，%4）。</translation>
    </message>
    <message>
        <source>The team's time, data preparation, failed experiments and taxes are not included.</source>
        <translation>不包括团队人力、数据准备、失败的实验和税费。</translation>
    </message>
    <message>
        <source>Disclaimer</source>
        <translation>免责声明</translation>
    </message>
    <message>
        <source>This report is an estimate made from public list prices and published GPU figures as recorded in the catalog on the dates shown above. Providers change prices, quotas and spot availability at any time, and real throughput depends on the code, data pipeline and cluster. Confirm prices and capacity with the provider and run a short benchmark before you commit money. Probabilities come from a simulation with the stated assumptions, not from a guarantee.</source>
        <translation>本报告是根据目录中在上述日期记录的公开标价和公布的 GPU 参数所作的估算。云服务商可能随时调整价格、配额和竞价实例的可用性，实际吞吐量取决于代码、数据管道和集群。在投入资金之前，请向云服务商确认价格和容量，并运行一次简短的基准测试。文中的概率来自基于上述假设的模拟，并非保证。</translation>
    </message>
    <message>
        <source>GPU rental plan</source>
        <translation>GPU 租用方案</translation>
    </message>
    <message>
        <source>never</source>
        <translation>永不</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
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
        <source>reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>savings plan</source>
        <translation>节省计划</translation>
    </message>
    <message>
        <source>capacity block</source>
        <translation>容量块</translation>
    </message>
    <message>
        <source>%1-month savings plan</source>
        <translation>%1 个月节省计划</translation>
    </message>
    <message>
        <source>%1-month commitment, all upfront</source>
        <translation>%1 个月承诺，全部预付</translation>
    </message>
    <message>
        <source>%1-month commitment, partial upfront</source>
        <translation>%1 个月承诺，部分预付</translation>
    </message>
    <message>
        <source>%1-month commitment, no upfront</source>
        <translation>%1 个月承诺，无预付</translation>
    </message>
    <message>
        <source>%1 %2 in %3 (%4)</source>
        <translation>%1 %2，%3（%4）</translation>
    </message>
    <message>
        <source>Comparison of the top %1 options</source>
        <translation>前 %1 个选项对比</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Provider
region</source>
        <translation>云服务商
区域</translation>
    </message>
    <message>
        <source>Instance type
billing</source>
        <translation>实例类型
计费方式</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Serving
period</source>
        <translation>服务
时长</translation>
    </message>
    <message>
        <source>Time
P50</source>
        <translation>用时
P50</translation>
    </message>
    <message>
        <source>Price per
instance-hour</source>
        <translation>每实例
小时价格</translation>
    </message>
    <message>
        <source>Time
P90</source>
        <translation>用时
P90</translation>
    </message>
    <message>
        <source>Cost
P50</source>
        <translation>成本
P50</translation>
    </message>
    <message>
        <source>Cost
P90</source>
        <translation>成本
P90</translation>
    </message>
    <message>
        <source>Meets
deadline</source>
        <translation>按期
概率</translation>
    </message>
    <message>
        <source>Meets
budget</source>
        <translation>不超预算
概率</translation>
    </message>
    <message>
        <source>%1 in all</source>
        <translation>共 %1 个</translation>
    </message>
    <message>
        <source>No usable option.</source>
        <translation>没有可用的选项。</translation>
    </message>
    <message>
        <source>◆ on the Pareto front: no other option is both cheaper and faster. The highlighted row is the recommendation. %1 usable options from %2 offers; amounts in %3.</source>
        <translation>◆ 位于帕累托前沿：没有其他选项既更便宜又更快。高亮行为推荐方案。共 %1 个可用选项，来自 %2 个报价；金额单位为 %3。</translation>
    </message>
    <message>
        <source>Catalog freshness and price sources</source>
        <translation>目录时效与价格来源</translation>
    </message>
    <message>
        <source>The catalog's dates and sources were not available for this report.</source>
        <translation>本报告无法获取目录的日期和来源。</translation>
    </message>
    <message>
        <source>Prices as of each provider's data date. Providers of the compared options are highlighted. Catalog seed: %1.</source>
        <translation>价格以各云服务商的数据日期为准。高亮的是对比选项所属的云服务商。目录初始数据：%1。</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>云服务商</translation>
    </message>
    <message>
        <source>Data date</source>
        <translation>数据日期</translation>
    </message>
    <message>
        <source>Offers</source>
        <translation>报价数</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>Cost against GPUs</source>
        <translation>成本与 GPU 数</translation>
    </message>
    <message>
        <source>Cost against time</source>
        <translation>成本与用时</translation>
    </message>
    <message>
        <source>Each dot is a usable offer and billing model. Blue: the compared options; orange: the recommendation.</source>
        <translation>每个点代表一个可用的报价和计费方式。蓝色：对比的选项；橙色：推荐方案。</translation>
    </message>
    <message>
        <source>Each dot is a usable offer and billing model. The line joins the Pareto front: the options no other option beats on both cost and time. Blue: the compared options; orange: the recommendation.</source>
        <translation>每个点代表一个可用的报价和计费方式。折线连接帕累托前沿，即在成本和用时上都不被其他选项超越的选项。蓝色：对比的选项；橙色：推荐方案。</translation>
    </message>
    <message>
        <source>Cost with risk ranges</source>
        <translation>成本及风险区间</translation>
    </message>
    <message>
        <source>Bars show the P50 cost; the whisker reaches the P90 cost (spot interruptions, price risk).</source>
        <translation>柱形表示 P50 成本；须线延伸到 P90 成本（竞价中断、价格风险）。</translation>
    </message>
    <message>
        <source>The first %1 of %2 compared options are shown.</source>
        <translation>图中显示 %2 个对比选项中的前 %1 个。</translation>
    </message>
    <message>
        <source>Time P50 (days)</source>
        <translation>用时 P50（天）</translation>
    </message>
    <message>
        <source>Time P50 (hours)</source>
        <translation>用时 P50（小时）</translation>
    </message>
    <message>
        <source>(log scale)</source>
        <translation>（对数刻度）</translation>
    </message>
    <message>
        <source>Expected cost (%1)</source>
        <translation>预期成本（%1）</translation>
    </message>
    <message>
        <source>Cost over the project's timeline</source>
        <translation>项目周期内的成本</translation>
    </message>
    <message>
        <source>No timeline: %1</source>
        <translation>无时间线：%1</translation>
    </message>
    <message>
        <source>the scenario has no phases</source>
        <translation>方案中没有项目阶段</translation>
    </message>
    <message>
        <source>%1: %2 in total</source>
        <translation>%1：共 %2</translation>
    </message>
    <message>
        <source>; never cheaper than all on-demand</source>
        <translation>；始终不比全部按需便宜</translation>
    </message>
    <message>
        <source>; at or below all on-demand from the first month (%1)</source>
        <translation>；从第一个月（%1）起即不高于全部按需</translation>
    </message>
    <message>
        <source>; breaks even with all on-demand in %1</source>
        <translation>；于 %1 与全部按需持平</translation>
    </message>
    <message>
        <source>Owning costs %1 per GPU-hour at the scenario's utilization and beats on-demand above %2 utilization.</source>
        <translation>按方案中的使用率，自购硬件每 GPU 小时成本为 %1；使用率高于 %2 时比按需更便宜。</translation>
    </message>
    <message>
        <source>Cumulative cost (%1)</source>
        <translation>累计成本（%1）</translation>
    </message>
    <message>
        <source>break-even %1</source>
        <translation>%1 持平</translation>
    </message>
    <message>
        <source>All on-demand</source>
        <translation>全部按需</translation>
    </message>
    <message>
        <source>Reserved base + on-demand burst</source>
        <translation>预留基础容量 + 按需扩容</translation>
    </message>
    <message>
        <source>Spot where allowed</source>
        <translation>允许时使用竞价实例</translation>
    </message>
    <message>
        <source>Own the hardware</source>
        <translation>自购硬件</translation>
    </message>
    <message>
        <source>Matmul %1</source>
        <translation>矩阵乘法 %1</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>Host to device</source>
        <translation>主机到设备</translation>
    </message>
    <message>
        <source>All-reduce bus bandwidth</source>
        <translation>All-reduce 总线带宽</translation>
    </message>
    <message>
        <source>Training (probe step)</source>
        <translation>训练（探针步骤）</translation>
    </message>
    <message>
        <source>ResNet-50 training</source>
        <translation>ResNet-50 训练</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <source>images/s</source>
        <translation>图像/秒</translation>
    </message>
    <message>
        <source>per million tokens</source>
        <translation>每百万词元</translation>
    </message>
    <message>
        <source>per epoch</source>
        <translation>每轮</translation>
    </message>
    <message>
        <source>per million output tokens</source>
        <translation>每百万输出词元</translation>
    </message>
    <message>
        <source>per run</source>
        <translation>每次运行</translation>
    </message>
    <message>
        <source>host CPU (%1)</source>
        <translation>主机 CPU（%1）</translation>
    </message>
    <message>
        <source>the workload of the scenario “%1”</source>
        <translation>方案“%1”的工作负载</translation>
    </message>
    <message>
        <source>each run's own training step (its model, sequence length and micro-batch) for %1 tokens</source>
        <translation>各次运行自身的训练步骤（其模型、序列长度和微批次），共 %1 个词元</translation>
    </message>
    <message>
        <source>%1 probe run(s) compared. Offers are priced for %2 with each run's own calibration, on demand, in %3; the cheapest %4 offers of each measured GPU are shown.</source>
        <translation>比较了 %1 次探针运行。按%2计价，使用各次运行自身的校准，按需计费，以 %3 计；每种实测 GPU 显示最便宜的 %4 个报价。</translation>
    </message>
    <message>
        <source>Measured devices against the catalog spec</source>
        <translation>实测设备与目录规格对比</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>no catalog GPU model</source>
        <translation>无目录 GPU 型号</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Probe version</source>
        <translation>探针版本</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>%1 of %2 spec</source>
        <translation>为规格 %2 的 %1</translation>
    </message>
    <message>
        <source>spec %1</source>
        <translation>规格 %1</translation>
    </message>
    <message>
        <source>Each cell: the measured rate, then its share of the catalog figure of the GPU model (—: the catalog has no such figure). The training spec is the planner's estimate of the probe's own step from the catalog spec.</source>
        <translation>每格：实测速率，其下为占该 GPU 型号目录数值的比例（—：目录中没有该数值）。训练规格是规划器根据目录规格对探针自身步骤的估算。</translation>
    </message>
    <message>
        <source>Offers for the workload, priced with each measurement</source>
        <translation>该工作负载的报价（按各次实测计价）</translation>
    </message>
    <message>
        <source>host CPU — no catalog offers</source>
        <translation>主机 CPU — 无目录报价</translation>
    </message>
    <message>
        <source>no usable on-demand offer of %1 in the catalog</source>
        <translation>目录中没有 %1 的可用按需报价</translation>
    </message>
    <message>
        <source>the %1 cheapest of %2 usable on-demand offers</source>
        <translation>%2 个可用按需报价中最便宜的 %1 个</translation>
    </message>
    <message>
        <source>Instance type</source>
        <translation>实例类型</translation>
    </message>
    <message>
        <source>Price per
GPU-hour</source>
        <translation>每 GPU 小时
价格</translation>
    </message>
    <message>
        <source>Time
per run</source>
        <translation>每次运行
时间</translation>
    </message>
    <message>
        <source>Cost
per run</source>
        <translation>每次运行
成本</translation>
    </message>
    <message>
        <source>Cost
%1</source>
        <translation>成本
%1</translation>
    </message>
    <message>
        <source>misses the deadline or budget</source>
        <translation>无法满足截止时间或预算</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>胜出者</translation>
    </message>
    <message>
        <source>No measured GPU has a catalog offer that runs the workload within the constraints.</source>
        <translation>没有任何实测 GPU 的目录报价能在约束内运行该工作负载。</translation>
    </message>
    <message>
        <source>Winner: &lt;b&gt;%1 %2 in %3&lt;/b&gt; on %4 at %5 %6.</source>
        <translation>胜出者：&lt;b&gt;%1 %2（%3）&lt;/b&gt;，运行于 %4，%6 %5。</translation>
    </message>
    <message>
        <source>It is the cheapest offer %1 of every measured GPU's on-demand offers that meets the constraints</source>
        <translation>在所有实测 GPU 满足约束的按需报价中，它%1最便宜</translation>
    </message>
    <message>
        <source>The runner-up, %1 %2 in %3, costs %4 %5: the winner is %6 (%7) cheaper</source>
        <translation>第二名 %1 %2（%3）%5 %4：胜出者便宜 %6（%7）</translation>
    </message>
    <message>
        <source>Both run on the same measured GPU (%1, %2) at the same price per GPU-hour (%3): the winner's %4 GPU(s) against %5 lose less to start-up and communication per unit of work</source>
        <translation>两者运行于同一实测 GPU（%1，%2），每 GPU 小时价格相同（%3）：胜出者使用 %4 个 GPU，对方为 %5 个，单位工作量在启动和通信上的损耗更少</translation>
    </message>
    <message>
        <source>Both run on the same measured GPU (%1, %2): the price per GPU-hour decides, %3 against %4</source>
        <translation>两者运行于同一实测 GPU（%1，%2）：由每 GPU 小时价格决定，%3 对 %4</translation>
    </message>
    <message>
        <source>The measured figure that decides it: %1 on %2 against %3 on %4, at %5 against %6 per GPU-hour</source>
        <translation>起决定作用的实测数值：%2 上的 %1 对 %4 上的 %3，每 GPU 小时价格 %5 对 %6</translation>
    </message>
    <message>
        <source>It is the only offer that meets the constraints; measured %1</source>
        <translation>它是唯一满足约束的报价；实测 %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 not measured</source>
        <translation>%1 未测量</translation>
    </message>
    <message>
        <source>Where each figure comes from</source>
        <translation>各项数值的来源</translation>
    </message>
    <message>
        <source>%1: measured by the probe on %2, %3 (probe %4, file %5)</source>
        <translation>%1：由探针在 %2 上于 %3 测得（探针 %4，文件 %5）</translation>
    </message>
    <message>
        <source>%1 spec figures: catalog spec (%2)</source>
        <translation>%1 规格数值：目录规格（%2）</translation>
    </message>
    <message>
        <source>source not recorded</source>
        <translation>未记录来源</translation>
    </message>
    <message>
        <source>derived: </source>
        <translation>推算：</translation>
    </message>
    <message>
        <source>secondary source: </source>
        <translation>二手来源：</translation>
    </message>
    <message>
        <source>unverified: </source>
        <translation>未核实：</translation>
    </message>
    <message>
        <source>%1 offers: catalog prices, times and costs estimated by the planner %2</source>
        <translation>%1 报价：目录价格，时间和成本由规划器估算，%2</translation>
    </message>
    <message>
        <source>Amounts in %1 at %2 per US dollar (%3, %4)</source>
        <translation>金额以 %1 计，每美元兑 %2（%3，%4）</translation>
    </message>
    <message>
        <source>Plan against actual</source>
        <translation>计划与实际对比</translation>
    </message>
    <message>
        <source>Spend imported from billing exports of the project “%1” against the plan “%2”, before tax, in %3. Credits and refunds reduce the month they are booked in.</source>
        <translation>项目“%1”从账单导出中导入的支出与计划“%2”对比，税前，以 %3 计。抵扣和退款计入其入账的月份。</translation>
    </message>
    <message>
        <source>Spent %1 up to %2. At the recent rate of %3 per day (%4 to %5, over the last %6 days) the plan ends at about %7 (%8 to %9) against the planned %10.</source>
        <translation>截至 %2 已支出 %1。按近期每天 %3 的速度（%4 至 %5，基于最近 %6 天），计划结束时约为 %7（%8 至 %9），计划为 %10。</translation>
    </message>
    <message>
        <source>The budget is %1.</source>
        <translation>预算为 %1。</translation>
    </message>
    <message>
        <source>Too few booked days for a forecast; spent %1 so far against the planned %2.</source>
        <translation>已入账天数太少，无法预测；目前已支出 %1，计划为 %2。</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>月份</translation>
    </message>
    <message>
        <source>Planned</source>
        <translation>计划</translation>
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
        <translation>税</translation>
    </message>
    <message>
        <source>GPU-hours
planned / actual</source>
        <translation>GPU 小时
计划 / 实际</translation>
    </message>
    <message>
        <source>%1 billing line(s) dated outside the plan's months are left out</source>
        <translation>%1 条日期在计划月份之外的账单记录未计入</translation>
    </message>
    <message>
        <source>Spend per month (%1)</source>
        <translation>每月支出（%1）</translation>
    </message>
    <message>
        <source>Actual (before tax)</source>
        <translation>实际（税前）</translation>
    </message>
    <message>
        <source>Actual above plan</source>
        <translation>实际超出计划</translation>
    </message>
    <message>
        <source>Forecast with range</source>
        <translation>预测及范围</translation>
    </message>
    <message>
        <source>Benchmark report</source>
        <translation>基准测试报告</translation>
    </message>
    <message>
        <source>calibrated from your measurement of %1 on %2 (%3, probe %4)</source>
        <translation>根据您于 %1 在 %2 上的实测校准（%3，探针 %4）</translation>
    </message>
    <message>
        <source>Commitment portfolio plan</source>
        <translation>承诺采购组合方案</translation>
    </message>
    <message>
        <source>Low demand</source>
        <translation>低需求</translation>
    </message>
    <message>
        <source>High demand</source>
        <translation>高需求</translation>
    </message>
    <message>
        <source>Expected demand</source>
        <translation>预期需求</translation>
    </message>
    <message>
        <source>capacity block, %1 days in the month</source>
        <translation>容量块，当月 %1 天</translation>
    </message>
    <message>
        <source>Saving against all on-demand</source>
        <translation>相对全部按需的节省</translation>
    </message>
    <message>
        <source>Saving against the best single provider</source>
        <translation>相对最佳单一云服务商的节省</translation>
    </message>
    <message>
        <source>none to compare</source>
        <translation>无可比较方案</translation>
    </message>
    <message>
        <source>Worst case</source>
        <translation>最坏情况</translation>
    </message>
    <message>
        <source>Portfolio</source>
        <translation>组合</translation>
    </message>
    <message>
        <source>Horizon</source>
        <translation>规划期</translation>
    </message>
    <message>
        <source>%1 months, %2 to %3</source>
        <translation>%1 个月，%2 至 %3</translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Demand</source>
        <translation>需求</translation>
    </message>
    <message>
        <source>the low case is %1 below the estimates' P10</source>
        <translation>低需求情形比估算的 P10 低 %1</translation>
    </message>
    <message>
        <source>Team pools</source>
        <translation>团队共享池</translation>
    </message>
    <message>
        <source>%1: their commitments serve every workload that fits them</source>
        <translation>%1：其承诺可供所有适配的工作负载使用</translation>
    </message>
    <message>
        <source>%1, whole commitment terms included</source>
        <translation>%1，含承诺的整个期限</translation>
    </message>
    <message>
        <source>%1 all on-demand; the plan saves %2 (%3)</source>
        <translation>全部按需为 %1；本方案节省 %2（%3）</translation>
    </message>
    <message>
        <source>no single provider runs every workload</source>
        <translation>没有任何单一云服务商能运行全部工作负载</translation>
    </message>
    <message>
        <source>%1 on %2 alone; the plan saves %3</source>
        <translation>仅用 %2 为 %1；本方案节省 %3</translation>
    </message>
    <message>
        <source>Made with GPU Planner %1 from the offer catalog on this computer; the figures are those of `gpu-planner-cli portfolio plan`. They are estimates; see the disclaimer at the end.</source>
        <translation>由 GPU Planner %1 根据本机的报价目录生成；数字与 `gpu-planner-cli portfolio plan` 的输出一致。这些均为估算；请参阅末尾的免责声明。</translation>
    </message>
    <message>
        <source>Purchase plan</source>
        <translation>采购计划</translation>
    </message>
    <message>
        <source>What to buy, in which month and where; everything else runs on on-demand or spot. A commitment is paid for its whole term, used or not, also past the horizon. Break-even: the utilisation above which it costs less than on-demand.</source>
        <translation>在哪个月、在何处购买什么；其余全部使用按需或竞价实例。承诺须按整个期限付费，无论是否使用，即使超出规划期。盈亏平衡：利用率高于此值时，承诺比按需便宜。</translation>
    </message>
    <message>
        <source>No commitment pays off: everything runs on on-demand or spot.</source>
        <translation>没有任何承诺划算：全部使用按需或竞价实例。</translation>
    </message>
    <message>
        <source>Provider
for</source>
        <translation>云服务商
用于</translation>
    </message>
    <message>
        <source>Commitment
where</source>
        <translation>承诺
位置</translation>
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
        <source>Break-
even</source>
        <translation>盈亏
平衡</translation>
    </message>
    <message>
        <source>any instance (%1 %2)</source>
        <translation>任意实例（%1 %2）</translation>
    </message>
    <message>
        <source>%1/h</source>
        <translation>%1/小时</translation>
    </message>
    <message>
        <source>(your terms)</source>
        <translation>（您的条款）</translation>
    </message>
    <message>
        <source>the team (pool)</source>
        <translation>团队（共享池）</translation>
    </message>
    <message>
        <source>Expected utilisation of each commitment</source>
        <translation>各项承诺的预期利用率</translation>
    </message>
    <message>
        <source>No commitment is bought, so there is no utilisation to show.</source>
        <translation>未购买任何承诺，因此没有利用率可显示。</translation>
    </message>
    <message>
        <source>The share of each commitment's capacity the workloads use per month, weighted over the demand cases (low 0.3, expected 0.4, high 0.3); the dashed line in its colour is its break-even. A month it is not held is left out.</source>
        <translation>各项承诺的容量每月被工作负载使用的比例，按需求情形加权（低 0.3、预期 0.4、高 0.3）；同色虚线为其盈亏平衡点。未持有该承诺的月份不显示。</translation>
    </message>
    <message>
        <source>month</source>
        <translation>月份</translation>
    </message>
    <message>
        <source>%1; break-even %2</source>
        <translation>%1；盈亏平衡 %2</translation>
    </message>
    <message>
        <source>Expected spend per provider and month</source>
        <translation>按云服务商和月份的预期支出</translation>
    </message>
    <message>
        <source>Commitments as they are paid (an upfront fee in its first month, then monthly), on-demand and spot as used, expected over the demand cases; “after” is what falls due after the horizon.</source>
        <translation>承诺按实际付款计（预付费用计入首月，之后按月），按需和竞价按使用计，为各需求情形的期望值；“之后”为规划期结束后到期的款项。</translation>
    </message>
    <message>
        <source>The plan spends nothing.</source>
        <translation>本方案没有任何支出。</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>after</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>%1 (weight %2)</source>
        <translation>%1（权重 %2）</translation>
    </message>
    <message>
        <source>%1 (cap %2)</source>
        <translation>%1（上限 %2）</translation>
    </message>
    <message>
        <source>%1 (no cap)</source>
        <translation>%1（无上限）</translation>
    </message>
    <message>
        <source>Commitments bought</source>
        <translation>所购承诺</translation>
    </message>
    <message>
        <source>Best single provider</source>
        <translation>最佳单一云服务商</translation>
    </message>
    <message>
        <source>none: no single provider runs every workload</source>
        <translation>无：没有任何单一云服务商能运行全部工作负载</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 上为 %1</translation>
    </message>
    <message>
        <source>within 0.01% of the least expected cost</source>
        <translation>与最低预期成本相差不超过 0.01%</translation>
    </message>
    <message>
        <source>the best found before the time limit, not proven best</source>
        <translation>在时间限制内找到的最佳方案，未证明为最优</translation>
    </message>
    <message>
        <source>Solved with %1 (%2 solves, %3 s): the plan is %4.</source>
        <translation>使用 %1 求解（%2 次求解，%3 秒）：本方案%4。</translation>
    </message>
    <message>
        <source>The cost of being wrong</source>
        <translation>判断失误的代价</translation>
    </message>
    <message>
        <source>The purchases above stand and the rest is re-planned at least cost; each case is set against the plan that would have been made knowing it (expected costs).</source>
        <translation>上述采购保持不变，其余部分按最低成本重新规划；每种情形都与事先知情时会制定的方案相比较（预期成本）。</translation>
    </message>
    <message>
        <source>The optimizer computed no case of being wrong for this portfolio.</source>
        <translation>优化器未为此组合计算任何判断失误的情形。</translation>
    </message>
    <message>
        <source>If</source>
        <translation>如果</translation>
    </message>
    <message>
        <source>With this plan</source>
        <translation>采用本方案</translation>
    </message>
    <message>
        <source>Best plan
had we known</source>
        <translation>事先知情时的
最佳方案</translation>
    </message>
    <message>
        <source>Cost of
being wrong</source>
        <translation>判断失误
的代价</translation>
    </message>
    <message>
        <source>Demand %1 lower</source>
        <translation>需求降低 %1</translation>
    </message>
    <message>
        <source>%1 prices %2 lower</source>
        <translation>%1 价格降低 %2</translation>
    </message>
    <message>
        <source>instance(s)</source>
        <translation>台实例</translation>
    </message>
    <message>
        <source>committed</source>
        <translation>承诺额</translation>
    </message>
    <message>
        <source>Price sources</source>
        <translation>价格来源</translation>
    </message>
    <message>
        <source>#%1: %2</source>
        <translation>#%1：%2</translation>
    </message>
    <message>
        <source>Expected utilisation per month</source>
        <translation>每月预期利用率</translation>
    </message>
    <message>
        <source>data: catalog %1</source>
        <translation>数据：目录 %1</translation>
    </message>
    <message>
        <source>What we ran and what to buy next</source>
        <translation>我们用了什么，下一步该买什么</translation>
    </message>
    <message>
        <source>The GPU usage in the bill %1 (%2 to %3), placed on the catalog&apos;s GPU models. The steady part is the usage present in every month; only it is planned below as demand for commitments. The bursty rest stays on on-demand or spot.</source>
        <translation>账单 %1（%2 至 %3）中的 GPU 用量，已对应到目录中的 GPU 型号。稳定部分是每个月都存在的用量；下文只把它作为承诺的需求来规划。其余的突发用量仍按需或使用竞价实例。</translation>
    </message>
    <message>
        <source>GPU model</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>Geography</source>
        <translation>地理区域</translation>
    </message>
    <message>
        <source>Steady GPUs</source>
        <translation>稳定 GPU 数</translation>
    </message>
    <message>
        <source>Steady GPU-hours</source>
        <translation>稳定 GPU 小时</translation>
    </message>
    <message>
        <source>Bursty GPU-hours</source>
        <translation>突发 GPU 小时</translation>
    </message>
    <message>
        <source>unknown region</source>
        <translation>未知区域</translation>
    </message>
    <message>
        <source>What it was paid and what it would have cost (USD)</source>
        <translation>实际支付与其他方式的费用（美元）</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>已支付</translation>
    </message>
    <message>
        <source>On-demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>竞价</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>最低</translation>
    </message>
    <message>
        <source>Saving available</source>
        <translation>可节省</translation>
    </message>
    <message>
        <source>Best: the least of on-demand, a commitment the same provider sells for that instance, and another provider&apos;s on-demand offer with the same GPU model and count; spot is shown but not counted. Each price&apos;s source and date: `gpu-planner-cli actuals reprice`.</source>
        <translation>最低：按需、同一云厂商为该实例出售的承诺、以及其他云厂商相同 GPU 型号和数量的按需报价三者中的最低者；竞价仅列出，不计入。每个价格的来源和日期见 `gpu-planner-cli actuals reprice`。</translation>
    </message>
    <message>
        <source>GPU spend in %1: %2 placed on catalog GPUs, %3 not recognised</source>
        <translation>%1 GPU 支出：%2 已对应到目录 GPU，%3 未识别</translation>
    </message>
    <message>
        <source>Not recognised: %1 line %2 (%3), %4 %5: %6</source>
        <translation>未识别：%1 第 %2 行（%3），%4 %5：%6</translation>
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
</TS>
