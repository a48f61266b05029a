#pragma once
// SpotRisk: how long and how much a job takes on spot capacity that can be reclaimed.
// Interruptions arrive as a Poisson process per instance at the monthly rate of the offer;
// a synchronous job stops when any of its instances goes, loses the work since its last
// checkpoint and pays a restart overhead. A Monte Carlo with a fixed seed gives P50/P90 and
// the chance of meeting the deadline and the budget; the same seed for every offer (common
// random numbers) keeps differences between offers free of sampling noise.

#include "core/cost/BillingCost.h"

#include <QList>
#include <QString>

#include <optional>
#include <unordered_map>
#include <vector>

namespace gpuplanner::core {

// AWS Spot Instance Advisor's "frequency of interruption" ranges (share of instances
// interrupted in a month), with the middle of each range as its rate (25% for ">20%").
enum class InterruptionBucket : quint8 { Under5, From5To10, From10To15, From15To20, Over20 };
double bucketRate(InterruptionBucket bucket);
// "<5%", "5-10%", "10-15%", "15-20%", ">20%".
QString bucketId(InterruptionBucket bucket);
std::optional<InterruptionBucket> bucketFromId(QStringView id);

struct InterruptionRule
{
    QString provider;     // empty = any
    QString instanceGlob; // '*' wildcards; empty = any
    double monthlyRate = 0;
    QString source;
};

// Monthly interruption rates per provider and instance type. No per-instance data ships with
// the catalog, so every offer gets the default unless a scenario names a rate.
class InterruptionRates
{
public:
    // 15%/month: the middle of Spot Advisor's 10-20% ranges. GPU spot capacity is scarcer than
    // the fleet-wide average AWS quotes (under 5-10%), and most big GPU types sit in the upper
    // buckets; a scenario should override it where the user has the advisor's figure.
    static constexpr double kDefaultMonthlyRate = 0.15;

    // Later rules win over earlier ones.
    void add(const InterruptionRule &rule) { m_rules.append(rule); }
    void setDefault(double monthlyRate) { m_default = monthlyRate; }
    double defaultRate() const { return m_default; }
    const QList<InterruptionRule> &rules() const { return m_rules; }
    double monthlyRate(QStringView provider, QStringView instanceType) const;
    // The rule that gives the rate; null when the default applies.
    const InterruptionRule *match(QStringView provider, QStringView instanceType) const;

private:
    QList<InterruptionRule> m_rules;
    double m_default = kDefaultMonthlyRate;
};

// '*' matches any run of characters; case-insensitive.
bool globMatch(QStringView pattern, QStringView text);

struct SpotJob
{
    double workHours = 0;   // wall time without interruptions
    int instances = 1;
    double monthlyRate = InterruptionRates::kDefaultMonthlyRate; // per instance
    double checkpointHours = 1.0; // work between checkpoints; <= 0: none (restart from scratch)
    double restartHours = 1.0 / 6.0; // paid time to get capacity back and reload a checkpoint
    BillingRule rule;       // each restart opens a new billed session
};

// Job-wide interruptions per hour.
double jobHazardPerHour(const SpotJob &job);
// Closed form of the mean wall time under this model (for tests and the timeline).
double expectedSpotHours(const SpotJob &job);

struct SpotOutcome
{
    int draws = 0;
    double timeMean = 0;
    double timeP50 = 0;
    double timeP90 = 0;
    double costP50 = 0;
    double costP90 = 0;
    double costMean = 0;
    double pMeetDeadline = 1;
    double pMeetBudget = 1;
    double pMeetBoth = 1;
    double unfinished = 0; // share of draws that never finished (restarts outrun checkpoints)
    double interruptionsMean = 0;
};

// The draws of one job: wall time and billed instance-hours per draw, and both sorted.
// Price enters the cost linearly, so every offer with the same job shares these.
struct SpotDraws
{
    std::vector<double> time;
    std::vector<double> billed; // per instance
    std::vector<double> sortedTime;
    std::vector<double> sortedBilled;
    double timeMean = 0;   // over finished draws
    double billedMean = 0; // over finished draws
    double unfinished = 0;
    double interruptionsMean = 0;
    // The billed hours, sorted, of the draws that finish within billedWithinDeadline hours: the
    // joint chance of deadline and budget in O(log draws). Kept for the last deadline asked.
    std::vector<double> billedWithin;
    double billedWithinDeadline = -1;
};

class SpotSimulator
{
public:
    explicit SpotSimulator(quint64 seed = 42, int draws = 1000);
    void setSeed(quint64 seed);
    void setDraws(int draws);
    quint64 seed() const { return m_seed; }
    int draws() const { return m_draws; }

    // pricePerHour per instance-hour; fixedCost is added to each draw (storage, egress);
    // deadlineHours and budget <= 0 mean none. Every call starts from the seed, so offers
    // are compared on the same draws (common random numbers); a job simulated before is
    // not simulated again, and buffers are reused: no allocation once warm.
    SpotOutcome run(const SpotJob &job, double pricePerHour, double fixedCost, double deadlineHours, double budget);

    // Forgets the simulated jobs (keeps the buffers). A job's draws depend only on the job, the
    // seed and the draw count (changing either forgets them), so they stay valid across plans.
    void clearCache();
    int cachedJobs() const { return m_used; }

private:
    struct Key
    {
        double workHours, monthlyRate, checkpointHours, restartHours;
        int instances, granularity, minimum;
        bool operator==(const Key &) const = default;
    };
    struct KeyHash
    {
        std::size_t operator()(const Key &k) const noexcept;
    };

    SpotDraws &draws(const SpotJob &job);
    void simulate(const SpotJob &job, SpotDraws &out) const;

    quint64 m_seed;
    int m_draws;
    std::vector<SpotDraws> m_pool; // grows to the most jobs one plan needed
    int m_used = 0;
    std::unordered_map<Key, int, KeyHash> m_index;
};

} // namespace gpuplanner::core
