#include "core/cost/SpotRisk.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gpuplanner::core {

namespace {

// xoshiro256** seeded through splitmix64: fast, and the same stream on every platform and
// standard library (std:: distributions are not), so a seed reproduces a plan anywhere.
class Rng
{
public:
    explicit Rng(quint64 seed)
    {
        for (quint64 &s : m_s) {
            seed += 0x9E3779B97F4A7C15ull;
            quint64 z = seed;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            s = z ^ (z >> 31);
        }
    }
    quint64 next()
    {
        const quint64 result = rotl(m_s[1] * 5, 7) * 9;
        const quint64 t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }
    // Uniform in (0, 1].
    double unitOpen() { return double((next() >> 11) + 1) * 0x1.0p-53; }

private:
    static quint64 rotl(quint64 x, int k) { return (x << k) | (x >> (64 - k)); }
    quint64 m_s[4];
};

// Past this many interruptions the job is counted as never finishing.
constexpr int kMaxInterruptions = 100000;
// A draw is simulated interruption by interruption up to this many; past it the rest of the job
// goes at the pace the draw has kept so far (time, billing and interruptions per hour of work
// done): over a thousand sessions that pace is the draw's own to within a few per cent, and a
// job of the documented maximum size (tokens 10000T) prices in seconds instead of minutes.
constexpr int kSimulatedInterruptions = 1000;

// Nearest-rank percentile of sorted values.
double percentileOfSorted(const std::vector<double> &sorted, double p)
{
    const auto n = sorted.size();
    if (n == 0)
        return 0;
    auto rank = std::size_t(std::ceil(p * double(n)));
    rank = std::clamp<std::size_t>(rank, 1, n) - 1;
    return sorted[rank];
}

} // namespace

double bucketRate(InterruptionBucket bucket)
{
    switch (bucket) {
    case InterruptionBucket::Under5: return 0.025;
    case InterruptionBucket::From5To10: return 0.075;
    case InterruptionBucket::From10To15: return 0.125;
    case InterruptionBucket::From15To20: return 0.175;
    case InterruptionBucket::Over20: return 0.25;
    }
    return InterruptionRates::kDefaultMonthlyRate;
}

QString bucketId(InterruptionBucket bucket)
{
    switch (bucket) {
    case InterruptionBucket::Under5: return QStringLiteral("<5%");
    case InterruptionBucket::From5To10: return QStringLiteral("5-10%");
    case InterruptionBucket::From10To15: return QStringLiteral("10-15%");
    case InterruptionBucket::From15To20: return QStringLiteral("15-20%");
    case InterruptionBucket::Over20: return QStringLiteral(">20%");
    }
    return {};
}

std::optional<InterruptionBucket> bucketFromId(QStringView id)
{
    for (auto b : {InterruptionBucket::Under5, InterruptionBucket::From5To10, InterruptionBucket::From10To15,
                   InterruptionBucket::From15To20, InterruptionBucket::Over20}) {
        if (bucketId(b) == id)
            return b;
    }
    return std::nullopt;
}

bool globMatch(QStringView pattern, QStringView text)
{
    // Iterative wildcard match with one backtrack point: linear for '*'-only patterns.
    qsizetype p = 0, t = 0, star = -1, mark = 0;
    while (t < text.size()) {
        if (p < pattern.size() && pattern[p] != u'*' && pattern[p].toLower() == text[t].toLower()) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern[p] == u'*') {
            star = p++;
            mark = t;
        } else if (star >= 0) {
            p = star + 1;
            t = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == u'*')
        ++p;
    return p == pattern.size();
}

const InterruptionRule *InterruptionRates::match(QStringView provider, QStringView instanceType) const
{
    for (qsizetype i = m_rules.size() - 1; i >= 0; --i) {
        const InterruptionRule &r = m_rules.at(i);
        if (!r.provider.isEmpty() && r.provider != provider)
            continue;
        if (!r.instanceGlob.isEmpty() && !globMatch(r.instanceGlob, instanceType))
            continue;
        return &r;
    }
    return nullptr;
}

double InterruptionRates::monthlyRate(QStringView provider, QStringView instanceType) const
{
    const InterruptionRule *r = match(provider, instanceType);
    return r ? r->monthlyRate : m_default;
}

double jobHazardPerHour(const SpotJob &job)
{
    // A monthly share q interrupted means survival exp(-lambda * 730 h) = 1 - q per instance.
    const double q = std::clamp(job.monthlyRate, 0.0, 0.999);
    return std::max(1, job.instances) * -std::log1p(-q) / kHoursPerMonth;
}

double expectedSpotHours(const SpotJob &job)
{
    const double hazard = jobHazardPerHour(job);
    if (hazard <= 0 || job.workHours <= 0)
        return std::max(0.0, job.workHours);
    // Per segment of x hours of work: expected failures e^{hx} - 1, each costing on average
    // the time to failure given it came early plus the restart; the sum simplifies to
    // (e^{hx} - 1) (1/h + restart).
    auto segment = [&](double x) { return std::expm1(hazard * x) * (1.0 / hazard + job.restartHours); };
    if (job.checkpointHours <= 0)
        return segment(job.workHours);
    const double full = std::floor(job.workHours / job.checkpointHours);
    const double rest = job.workHours - full * job.checkpointHours;
    return full * segment(job.checkpointHours) + segment(rest);
}

SpotSimulator::SpotSimulator(quint64 seed, int draws) : m_seed(seed), m_draws(std::max(1, draws))
{
}

void SpotSimulator::setSeed(quint64 seed)
{
    if (seed != m_seed)
        clearCache();
    m_seed = seed;
}

void SpotSimulator::setDraws(int draws)
{
    if (std::max(1, draws) != m_draws)
        clearCache();
    m_draws = std::max(1, draws);
}

void SpotSimulator::clearCache()
{
    m_index.clear();
    m_used = 0;
}

std::size_t SpotSimulator::KeyHash::operator()(const Key &k) const noexcept
{
    std::size_t h = std::hash<double>()(k.workHours);
    for (double d : {k.monthlyRate, k.checkpointHours, k.restartHours})
        h = h * 1000003u ^ std::hash<double>()(d);
    return h * 1000003u ^ (std::size_t(k.instances) * 131u + std::size_t(k.granularity) * 7u + std::size_t(k.minimum));
}

SpotDraws &SpotSimulator::draws(const SpotJob &job)
{
    const Key key{job.workHours, job.monthlyRate, job.checkpointHours, job.restartHours,
                  job.instances, job.rule.granularitySeconds, job.rule.minimumSeconds};
    const auto it = m_index.find(key);
    if (it != m_index.end())
        return m_pool[std::size_t(it->second)];
    if (m_used == int(m_pool.size()))
        m_pool.emplace_back();
    SpotDraws &d = m_pool[std::size_t(m_used)];
    m_index.emplace(key, m_used++);
    simulate(job, d);
    return d;
}

void SpotSimulator::simulate(const SpotJob &job, SpotDraws &d) const
{
    const auto n = std::size_t(m_draws);
    d.time.resize(n);
    d.billed.resize(n);
    const double hazard = jobHazardPerHour(job);
    const double work = std::max(0.0, job.workHours);
    const double inf = std::numeric_limits<double>::infinity();
    Rng rng(m_seed);
    double sumTime = 0, sumBilled = 0, sumInterruptions = 0;
    int unfinished = 0;
    for (std::size_t i = 0; i < n; ++i) {
        double remaining = work;
        double wall = 0;
        double billed = 0;
        double lead = 0; // paid restart time at the start of the current session
        int interruptions = 0;
        for (;;) {
            const double gap = hazard > 0 ? -std::log(rng.unitOpen()) / hazard : inf;
            if (gap >= remaining) {
                wall += lead + remaining;
                billed += billedHours(lead + remaining, job.rule);
                break;
            }
            wall += lead + gap;
            billed += billedHours(lead + gap, job.rule);
            if (job.checkpointHours > 0)
                remaining -= std::floor(gap / job.checkpointHours) * job.checkpointHours;
            lead = job.restartHours;
            if (++interruptions >= kSimulatedInterruptions) {
                const double done = work - remaining;
                const double rest = done > 0 ? remaining / done : inf;
                if (double(interruptions) * (1 + rest) >= kMaxInterruptions) {
                    wall = billed = inf;
                } else {
                    wall += wall * rest;
                    billed += billed * rest;
                    interruptions += int(std::lround(double(interruptions) * rest));
                }
                break;
            }
        }
        d.time[i] = wall;
        d.billed[i] = billed;
        sumInterruptions += interruptions;
        if (wall == inf) {
            ++unfinished;
            continue;
        }
        sumTime += wall;
        sumBilled += billed;
    }
    const double finished = double(n) - unfinished;
    d.timeMean = finished > 0 ? sumTime / finished : inf;
    d.billedMean = finished > 0 ? sumBilled / finished : inf;
    d.unfinished = unfinished / double(n);
    d.interruptionsMean = sumInterruptions / double(n);
    d.sortedTime = d.time;
    d.sortedBilled = d.billed;
    std::sort(d.sortedTime.begin(), d.sortedTime.end());
    std::sort(d.sortedBilled.begin(), d.sortedBilled.end());
    d.billedWithinDeadline = -1;
}

namespace {

// Draws that meet a monotone goal: over a sorted array, the ones before the first that fails.
template<typename Meets>
int countMeeting(const std::vector<double> &sorted, Meets meets)
{
    return int(std::partition_point(sorted.begin(), sorted.end(), meets) - sorted.begin());
}

} // namespace

SpotOutcome SpotSimulator::run(const SpotJob &job, double pricePerHour, double fixedCost, double deadlineHours,
                               double budget)
{
    SpotDraws &d = draws(job);
    const double perBilledHour = pricePerHour * std::max(1, job.instances);
    const auto n = d.time.size();
    SpotOutcome out;
    out.draws = int(n);
    out.timeMean = d.timeMean;
    out.costMean = d.billedMean * perBilledHour + fixedCost;
    out.unfinished = d.unfinished;
    out.interruptionsMean = d.interruptionsMean;
    // Cost is billed hours times a positive rate plus a constant: its percentiles are those
    // of the billed hours, mapped.
    out.timeP50 = percentileOfSorted(d.sortedTime, 0.5);
    out.timeP90 = percentileOfSorted(d.sortedTime, 0.9);
    out.costP50 = percentileOfSorted(d.sortedBilled, 0.5) * perBilledHour + fixedCost;
    out.costP90 = percentileOfSorted(d.sortedBilled, 0.9) * perBilledHour + fixedCost;
    // The same tests as a pass over the draws would make, counted on the sorted draws: cost rises
    // with billed hours at a rate >= 0, and unfinished draws (infinite) sort last and meet nothing.
    constexpr double inf = std::numeric_limits<double>::infinity();
    auto inTime = [&](double t) { return t != inf && (deadlineHours <= 0 || t <= deadlineHours); };
    auto inBudget = [&](double billed) {
        return billed != inf && (budget <= 0 || billed * perBilledHour + fixedCost <= budget);
    };
    int meetDeadline = 0, meetBudget = 0, meetBoth = 0;
    if (perBilledHour >= 0 && std::isfinite(perBilledHour) && std::isfinite(fixedCost)) {
        meetDeadline = countMeeting(d.sortedTime, inTime);
        meetBudget = countMeeting(d.sortedBilled, inBudget);
        if (deadlineHours <= 0) {
            meetBoth = meetBudget;
        } else {
            if (d.billedWithinDeadline != deadlineHours) {
                d.billedWithin.clear();
                for (std::size_t i = 0; i < n; ++i) {
                    if (inTime(d.time[i]))
                        d.billedWithin.push_back(d.billed[i]);
                }
                std::sort(d.billedWithin.begin(), d.billedWithin.end());
                d.billedWithinDeadline = deadlineHours;
            }
            meetBoth = countMeeting(d.billedWithin, inBudget);
        }
    } else {
        for (std::size_t i = 0; i < n; ++i) {
            const bool t = inTime(d.time[i]);
            const bool b = d.time[i] != inf && inBudget(d.billed[i]);
            meetDeadline += t;
            meetBudget += b;
            meetBoth += t && b;
        }
    }
    out.pMeetDeadline = meetDeadline / double(n);
    out.pMeetBudget = meetBudget / double(n);
    out.pMeetBoth = meetBoth / double(n);
    return out;
}

} // namespace gpuplanner::core
