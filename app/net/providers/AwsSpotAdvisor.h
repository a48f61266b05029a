#pragma once
// AwsSpotAdvisor: the public Spot Instance Advisor feed (spot-advisor-data.json, no credentials)
// as savings and interruption buckets per region, OS and instance type. It holds no prices:
// the planner's spot-risk model reads how often AWS reclaims an instance type.

#include "core/common/Result.h"
#include "core/import/ImportBatch.h"
#include "core/refresh/HttpClient.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QUrl>

#include <atomic>
#include <optional>

namespace gpuplanner::net {

// One entry of ranges[]: the share of spot instances AWS interrupted in the last month.
struct SpotInterruptionBucket
{
    int index = 0;
    QString label;             // "<5%", "5-10%", ..., ">20%"
    double minPercent = 0;     // the previous bucket's max (0 for the first)
    double maxPercent = 0;     // as published; the feed's own labels round these down
};

struct SpotAdvice
{
    QString region;       // us-east-1
    QString os;           // Linux or Windows
    QString instanceType; // p5.48xlarge
    int savingsPercent = 0; // spot price below on-demand, in percent
    SpotInterruptionBucket interruption;
};

class SpotAdvisorData
{
public:
    SpotAdvisorData() = default;
    SpotAdvisorData(QList<SpotInterruptionBucket> buckets, QList<SpotAdvice> advice, QStringList skipped = {});

    const QList<SpotInterruptionBucket> &buckets() const { return m_buckets; }
    // Sorted by region, OS and instance type.
    const QList<SpotAdvice> &advice() const { return m_advice; }
    // Entries left out, each "path: why": one odd entry never invalidates the whole feed.
    const QStringList &skipped() const { return m_skipped; }
    std::optional<SpotAdvice> find(const QString &region, const QString &instanceType,
                                   const QString &os = QStringLiteral("Linux")) const;

private:
    QList<SpotInterruptionBucket> m_buckets;
    QList<SpotAdvice> m_advice;
    QStringList m_skipped;
    QHash<QString, qsizetype> m_index; // "region|os|type" -> index in m_advice
};

inline QUrl awsSpotAdvisorDefaultUrl()
{
    return QUrl(QStringLiteral("https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json"));
}

// Errors name label and the field path ("spot_advisor.us-east-1.Linux.p5.48xlarge.r: ..."). A bad
// feed structure (ranges, regions, systems) fails; a bad instance entry is skipped and listed.
// Savings may be negative: the real feed has spot prices above on-demand (ca-central-1 p5.48xlarge, -62).
core::Result<SpotAdvisorData> parseAwsSpotAdvisor(const QByteArray &bytes, const QString &label);

// The Linux entries as the catalog stores them: AWS's bucket label, the rate the spot simulation
// uses for it (core::bucketRate: the middle of the range, 25% for ">20%") and the source given.
QList<core::SpotInterruption> spotInterruptions(const SpotAdvisorData &data, const QString &source);

core::Result<SpotAdvisorData> fetchAwsSpotAdvisor(core::HttpClient &http, const QUrl &url = awsSpotAdvisorDefaultUrl(),
                                                  const std::atomic_bool *cancel = nullptr);

} // namespace gpuplanner::net
