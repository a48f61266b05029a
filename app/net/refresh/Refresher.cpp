#include "net/refresh/Refresher.h"

#include "core/common/Redact.h"
#include "core/refresh/BatchValidation.h"

#include <QDateTime>
#include <QMap>

#include <mutex>
#include <thread>

namespace gpuplanner::net {

using namespace gpuplanner::core;

namespace {

// "3 entries left out (2 unmapped accelerator name: family HCCPNV5 (instance type …), …; 1 …)":
// what the source listed that the catalog cannot hold, so that nothing vanishes without a word.
QString exclusionSummary(const QList<ImportExclusion> &exclusions)
{
    if (exclusions.isEmpty())
        return {};
    QMap<QString, QStringList> byReason;
    for (const ImportExclusion &e : exclusions)
        byReason[e.reason].append(e.detail);
    QStringList parts;
    for (auto it = byReason.cbegin(); it != byReason.cend(); ++it) {
        QStringList examples = it.value().mid(0, 2);
        examples.removeAll(QString());
        parts.append(QStringLiteral("%1 %2%3")
                         .arg(it.value().size())
                         .arg(it.key(), examples.isEmpty() ? QString()
                                                          : QStringLiteral(": ") + examples.join(QStringLiteral(", "))
                                                                + (it.value().size() > 2 ? QStringLiteral(", …") : QString())));
    }
    return QStringLiteral("%1 entr%2 left out (%3)")
        .arg(exclusions.size())
        .arg(exclusions.size() == 1 ? QStringLiteral("y") : QStringLiteral("ies"))
        .arg(parts.join(QStringLiteral("; ")));
}

} // namespace

Refresher::Refresher(HttpClient &http, OfferStoreFactory stores) : m_http(http), m_stores(std::move(stores)) {}

QList<ProviderOutcome> Refresher::run(const QList<RefreshJob> &jobs, const RefreshOptions &options,
                                      const std::atomic_bool *cancel, const RefreshProgress &progress)
{
    QList<ProviderOutcome> outcomes(jobs.size());
    std::atomic<qsizetype> next{0};
    std::mutex progressMutex;
    const RefreshProgress serialised = [&](const QString &p, const QString &s, qint64 d, qint64 t) {
        if (!progress)
            return;
        const std::lock_guard lock(progressMutex);
        progress(p, s, d, t);
    };
    auto worker = [&] {
        for (qsizetype i = next++; i < jobs.size(); i = next++)
            outcomes[i] = runOne(jobs.at(i), options, cancel, serialised);
    };
    const int threads = int(std::clamp<qsizetype>(options.parallelism, 1, std::max<qsizetype>(1, jobs.size())));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread &t : pool)
        t.join();
    return outcomes;
}

ProviderOutcome Refresher::runOne(const RefreshJob &job, const RefreshOptions &options, const std::atomic_bool *cancel,
                                  const RefreshProgress &progress)
{
    ProviderOutcome outcome;
    outcome.provider = job.provider;
    RefreshLogEntry log;
    log.provider = job.provider;
    log.started = QDateTime::currentDateTimeUtc();

    auto finish = [&](RefreshStatus status, const QString &rawError) {
        // Last line of defence before the summary and the refresh log: no credentials.
        const QString error = scrubSecrets(rawError, job.source ? job.source->credentials() : QList<QByteArray>());
        outcome.status = status;
        outcome.error = error;
        log.status = status;
        log.finished = QDateTime::currentDateTimeUtc();
        log.offers = outcome.offers;
        log.message = error.isEmpty() ? QStringLiteral("%1 added, %2 changed, %3 removed, %4 unchanged")
                                             .arg(outcome.counts.added)
                                             .arg(outcome.counts.changed)
                                             .arg(outcome.counts.removed)
                                             .arg(outcome.counts.unchanged)
                                       : error;
        if (!outcome.screening.isEmpty())
            log.message += QStringLiteral("; ") + outcome.screening;
        if (!outcome.counts.leftNote().isEmpty())
            log.message += QStringLiteral("; ") + outcome.counts.leftNote();
        if (progress)
            progress(job.provider, status == RefreshStatus::Ok ? QStringLiteral("done") : error, 1, 1);
    };

    RefreshContext context;
    context.http = &m_http;
    context.cancel = cancel;
    context.regions = options.regions;
    context.progress = [&](const QString &status, qint64 done, qint64 total) {
        if (progress)
            progress(job.provider, status, done, total);
    };

    auto store = m_stores();
    if (!store) {
        finish(RefreshStatus::Failed, store.errorMessage());
        return outcome; // nowhere to log
    }
    auto logAndReturn = [&]() {
        (void)store.value()->logRefresh(log);
        return outcome;
    };

    if (cancel && cancel->load()) {
        finish(RefreshStatus::Cancelled, QStringLiteral("cancelled"));
        return logAndReturn();
    }
    if (auto known = store.value()->instanceTypes(job.provider))
        context.knownInstances = known.value();
    auto batch = job.source->fetch(job.provider, context);
    if (cancel && cancel->load()) {
        finish(RefreshStatus::Cancelled, QStringLiteral("cancelled"));
        return logAndReturn();
    }
    if (!batch) {
        finish(RefreshStatus::Failed, batch.errorMessage());
        return logAndReturn();
    }
    const RefreshScope scope{job.provider, options.regions};
    ImportBatch &b = batch.value();
    // Prices fetched now are today's: a source that does not date them gets this moment, not
    // the provider's old snapshot date. The provider's own date moves only when every region
    // was refreshed; a refresh of some regions dates just their offers.
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (b.fetchedAt.isEmpty())
        b.fetchedAt = now.toString(Qt::ISODate);
    if (b.effectiveDate.isEmpty() && !b.offers.isEmpty()) {
        if (options.regions.isEmpty()) {
            b.effectiveDate = now.date().toString(Qt::ISODate);
        } else {
            for (ImportedOffer &o : b.offers) {
                if (o.effectiveDate.isEmpty())
                    o.effectiveDate = now.date().toString(Qt::ISODate);
            }
        }
    }
    // An FX-only batch (the ECB) has no offers to count or to bound.
    const bool hasOffers = !b.offers.isEmpty() || !b.kept.isEmpty() || b.fxRates.isEmpty();
    ValidationPolicy policy{0, options.force, {}};
    if (hasOffers) {
        // The billing models the batch replaces (a complete batch: all of them).
        QList<Billing> billings;
        if (!b.complete) {
            for (const ImportedOffer &o : b.offers) {
                if (!billings.contains(o.billing))
                    billings.append(o.billing);
            }
            for (const KeptOffer &k : b.kept) {
                if (!billings.contains(k.billing))
                    billings.append(k.billing);
            }
        }
        auto previous = store.value()->offerCount(scope, billings);
        if (!previous) {
            finish(RefreshStatus::Failed, previous.errorMessage());
            return logAndReturn();
        }
        auto rates = store.value()->latestFxRates();
        if (!rates) {
            finish(RefreshStatus::Failed, rates.errorMessage());
            return logAndReturn();
        }
        policy.previousOffers = previous.value();
        policy.ratePerUsd = rates.value();
    }
    auto screened = screenBatch(job.provider, b, policy);
    if (!screened) {
        finish(RefreshStatus::Failed, screened.errorMessage());
        return logAndReturn();
    }
    outcome.screening = screened.value().summary();
    if (const QString left = exclusionSummary(b.exclusions); !left.isEmpty())
        outcome.screening = outcome.screening.isEmpty() ? left : outcome.screening + QStringLiteral("; ") + left;
    if (hasOffers) {
        if (progress)
            progress(job.provider, QStringLiteral("storing %1 offers").arg(b.offers.size()), 0, 0);
        auto counts = store.value()->replaceOffers(scope, b);
        if (!counts) {
            finish(RefreshStatus::Failed, counts.errorMessage());
            return logAndReturn();
        }
        outcome.counts = counts.value();
        outcome.offers = int(b.offers.size());
    }
    if (!b.fxRates.isEmpty()) {
        if (auto s = store.value()->writeFxRates(b.fxRates); !s) {
            finish(RefreshStatus::Failed, s.errorMessage());
            return logAndReturn();
        }
        outcome.fxRates = int(b.fxRates.size());
    }
    finish(RefreshStatus::Ok, {});
    return logAndReturn();
}

} // namespace gpuplanner::net
