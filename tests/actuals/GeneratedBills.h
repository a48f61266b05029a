#pragma once
// Generated bills: AWS CUR (legacy) exports written on the header and the first row of the
// project's sample tests/data/billing/aws_cur_legacy_gpu.reconstructed.csv (an On-Demand
// p4d.24xlarge usage line), one line per instance and day, with the day, usage type, region,
// hours, rate and cost changed. A test catalog with the sample's own on-demand rates goes with it.

#include "core/catalog/Offer.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace gpuplanner::test {

struct GeneratedRun
{
    QString firstDay;     // yyyy-MM-dd
    int days = 1;         // one line per instance and day, 24 h each
    QString instanceType; // p5.48xlarge, p4d.24xlarge
    QString region = QStringLiteral("us-east-1");
    int instances = 1;
    double rate = 0;      // USD per instance-hour
};

// The CUR text of the runs (UTF-8), or empty with a test failure when the sample cannot be read.
QByteArray generatedCur(const QList<GeneratedRun> &runs);

// A steady 8 x H100 serving instance (p5.48xlarge) every day of `months` months from firstMonth,
// and a training burst of burstInstances more for burstDays days in the third month.
QList<GeneratedRun> servingPlusBurst(const QString &firstMonth, int months, int burstInstances, int burstDays);

// A team of about 100 GPUs over 12 months: 8 p5.48xlarge serving all year (64 H100), 3
// p4d.24xlarge (24 A100) on weekdays, and monthly bursts of p5 for training.
QList<GeneratedRun> hundredGpuTeamYear(const QString &firstMonth);

// The sample's on-demand rates (pricing/publicOnDemandRate): p4d.24xlarge in us-east-1 32.7726,
// p5.48xlarge in us-west-2 98.32 (the generated bills use it in us-east-1 too).
constexpr double kP4dRate = 32.7726;
constexpr double kP5Rate = 98.32;

// A catalog offer priced as the sample's public on-demand rate, sourced from the sample.
core::Offer sampleOffer(const QString &instanceType, const QString &region, core::Billing billing, double price,
                        int termMonths = 0);

} // namespace gpuplanner::test
