#include "RefreshCommand.h"

#include "core/common/Redact.h"
#include "Cli.h"
#include "CommandSupport.h"

#include "core/io/TextTable.h"
#include "db/CatalogWriteLock.h"
#include "db/SqliteOfferStore.h"
#include "net/http/CurlHttpClient.h"
#include "net/refresh/Refresher.h"
#include "net/sources/LocationSource.h"
#include "net/sources/SourceRegistry.h"

#include <QDir>
#include <QElapsedTimer>
#include <QHash>
#include <QStandardPaths>

#include <csignal>
#include <cstdio>
#ifdef Q_OS_WIN
#include <io.h>
#define isatty _isatty
#define fileno _fileno
#else
#include <unistd.h>
#endif

namespace gpuplanner::cli {

using namespace gpuplanner::core;
using namespace gpuplanner::net;

namespace {

std::atomic_bool g_cancel{false};

extern "C" void onInterrupt(int)
{
    g_cancel = true;
}

QString statusText(RefreshStatus status)
{
    switch (status) {
    case RefreshStatus::Ok: return QStringLiteral("ok");
    case RefreshStatus::Failed: return QStringLiteral("failed");
    case RefreshStatus::Cancelled: return QStringLiteral("cancelled");
    }
    return {};
}

QString megabytes(qint64 bytes)
{
    return QString::number(double(bytes) / 1e6, 'f', 1);
}

// Live bar on a terminal, one line per change otherwise (logs, CI).
class ProgressPrinter
{
public:
    ProgressPrinter(QTextStream &err, bool terminal) : m_err(err), m_terminal(terminal) { m_clock.start(); }

    void update(const QString &provider, const QString &status, qint64 done, qint64 total)
    {
        if (m_terminal) {
            if (m_clock.elapsed() - m_lastDraw < 100 && status == m_lastStatus.value(provider))
                return;
            m_lastDraw = m_clock.elapsed();
            QString line = QStringLiteral("%1: %2").arg(provider, -14).arg(status);
            if (total > 0) {
                const int width = 24;
                const int filled = int(width * double(done) / double(total));
                line += QStringLiteral(" [%1%2] %3/%4 MB")
                            .arg(QString(filled, u'#'), QString(width - filled, u'.'), megabytes(done), megabytes(total));
            } else if (done > 0) {
                line += QStringLiteral(" %1 MB").arg(megabytes(done));
            }
            m_err << '\r' << line.leftJustified(100).left(100);
            m_err.flush();
            m_lastStatus.insert(provider, status);
            return;
        }
        if (status == m_lastStatus.value(provider))
            return; // plain output: one line per stage, no byte counts
        m_lastStatus.insert(provider, status);
        m_err << provider << ": " << status << '\n';
        m_err.flush();
    }

    void finish()
    {
        if (m_terminal)
            m_err << '\r' << QString(100, u' ') << '\r';
        m_err.flush();
    }

private:
    QTextStream &m_err;
    bool m_terminal;
    QElapsedTimer m_clock;
    qint64 m_lastDraw = -1000;
    QHash<QString, QString> m_lastStatus;
};

QString okNote(const ProviderOutcome &o)
{
    QStringList parts;
    if (o.fxRates > 0)
        parts.append(QStringLiteral("%1 FX rates").arg(o.fxRates));
    if (!o.screening.isEmpty())
        parts.append(o.screening);
    if (!o.counts.leftNote().isEmpty())
        parts.append(o.counts.leftNote());
    return parts.join(QStringLiteral("; "));
}

QString summary(const QList<ProviderOutcome> &outcomes)
{
    TextTable table({QStringLiteral("PROVIDER"), QStringLiteral("STATUS"), QStringLiteral("ADDED"),
                     QStringLiteral("CHANGED"), QStringLiteral("REMOVED"), QStringLiteral("UNCHANGED"),
                     QStringLiteral("NOTE")},
                    {false, false, true, true, true, true, false});
    for (const ProviderOutcome &o : outcomes) {
        const bool ok = o.status == RefreshStatus::Ok;
        table.addRow({o.provider, statusText(o.status), ok ? QString::number(o.counts.added) : QString(),
                      ok ? QString::number(o.counts.changed) : QString(), ok ? QString::number(o.counts.removed) : QString(),
                      ok ? QString::number(o.counts.unchanged) : QString(),
                      ok ? okNote(o) : o.error});
    }
    return table.render();
}

} // namespace

int runRefresh(const QStringList &args, CatalogSession &session, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Update prices. Without --from: SkyPilot's hosted catalog for every cloud it covers, and the ECB's FX rates.\n"
        "With --from: a team mirror's snapshot (`catalog export`), a SkyPilot vms.csv (with --provider) or a "
        "custom-offers CSV.\nEach provider is validated and committed on its own; a failure keeps its old prices."));
    addCommonOptions(parser);
    parser.addOptions({
        {QStringLiteral("provider"), QStringLiteral("Only these providers (comma-separated; 'ecb' = FX rates)."),
         QStringLiteral("p1,p2")},
        {QStringLiteral("region"), QStringLiteral("Only these regions (comma-separated)."), QStringLiteral("R")},
        {QStringLiteral("from"), QStringLiteral("Import from this file or URL instead."), QStringLiteral("URL-or-FILE")},
        {QStringLiteral("endpoint"),
         QStringLiteral("Base URL of a source: skypilot, ecb, aws, azure, gcp, lambda, vast or runpod = URL (mirrors, proxies, "
                       "tests). Repeatable."),
         QStringLiteral("SOURCE=URL")},
        {QStringLiteral("source"),
         QStringLiteral("skypilot (SkyPilot's hosted catalog) or native (each provider's own price API where one is "
                        "supported: aws, azure, vast; gcp, lambda and runpod with GPUPLANNER_GCP_API_KEY, "
                        "GPUPLANNER_LAMBDA_API_KEY and GPUPLANNER_RUNPOD_API_KEY)."),
         QStringLiteral("S"), QStringLiteral("skypilot")},
        {QStringLiteral("force"), QStringLiteral("Accept new data even when it has under half the offers.")},
        {QStringLiteral("ca-bundle"), QStringLiteral("CA certificates to verify TLS with."), QStringLiteral("FILE")},
        {QStringLiteral("proxy"), QStringLiteral("HTTP(S) proxy (default: from the environment)."), QStringLiteral("URL")},
        {QStringLiteral("wait"),
         QStringLiteral("When another refresh of the same catalog is running, wait this long for it (0-86400; "
                        "default 600)."),
         QStringLiteral("SECONDS"), QStringLiteral("600")},
    });
    parser.addPositionalArgument(QStringLiteral("refresh"), QStringLiteral("The command."));
    if (auto answered = answerHelpOrUsageError(parser, args, QStringLiteral("refresh"), 1, out, err))
        return *answered;

    bool waitOk = false;
    const int waitSeconds = parser.value(QStringLiteral("wait")).toInt(&waitOk);
    if (!waitOk || waitSeconds < 0 || waitSeconds > 86400) {
        err << programName() << " refresh: --wait: " << core::quoteValue(parser.value(QStringLiteral("wait")))
            << " is not a number of seconds from 0 to 86400\n";
        return ExitUsage;
    }

    SourceSettings sources;
    for (const QString &e : parser.values(QStringLiteral("endpoint"))) {
        const qsizetype eq = e.indexOf(u'=');
        const QUrl url(e.mid(eq + 1));
        if (eq <= 0 || !url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https")) {
            err << programName() << " refresh: --endpoint: " << core::quoteValue(e) << " is not SOURCE=http(s)://...\n";
            return ExitUsage;
        }
        const QString name = e.left(eq).toLower();
        if (!SourceRegistry::endpointIds().contains(name)) {
            err << programName() << " refresh: --endpoint: unknown source " << core::quoteValue(name) << " (known: "
                << SourceRegistry::endpointIds().join(QStringLiteral(", ")) << ")\n";
            return ExitUsage;
        }
        sources.endpoints.insert(name, url);
    }
    const QString preference = parser.value(QStringLiteral("source"));
    if (preference != u"skypilot" && preference != u"native") {
        err << programName() << " refresh: --source: " << core::quoteValue(preference) << " is not skypilot or native\n";
        return ExitUsage;
    }
    sources.preference = preference == u"native" ? SourcePreference::Native : SourcePreference::SkyPilot;
    const QHash<QString, QString> keyVariables = SourceRegistry::nativeProviders();
    for (auto it = keyVariables.cbegin(); it != keyVariables.cend(); ++it) {
        if (!it.value().isEmpty() && !SourceRegistry::credentialVariables().contains(it.key())
            && qEnvironmentVariableIsSet(it.value().toLatin1().constData()))
            sources.apiKeys.insert(it.key(), qEnvironmentVariable(it.value().toLatin1().constData()));
    }
    const QHash<QString, QStringList> credentialVariables = SourceRegistry::credentialVariables();
    for (const QStringList &variables : credentialVariables) {
        for (const QString &variable : variables) {
            if (qEnvironmentVariableIsSet(variable.toLatin1().constData()))
                sources.credentials.insert(variable, qEnvironmentVariable(variable.toLatin1().constData()));
        }
    }
    if (qEnvironmentVariableIsSet("GPUPLANNER_VAST_API_KEY"))
        sources.apiKeys.insert(QStringLiteral("vast"), qEnvironmentVariable("GPUPLANNER_VAST_API_KEY"));
    QStringList wanted;
    for (const QString &p : parser.value(QStringLiteral("provider")).split(u',', Qt::SkipEmptyParts))
        wanted.append(p.trimmed().toLower());
    RefreshOptions options;
    options.force = parser.isSet(QStringLiteral("force"));
    options.regions = parser.value(QStringLiteral("region")).split(u',', Qt::SkipEmptyParts);

    auto reference = loadSeedMetadata(QStringLiteral(":/reference"));
    if (!reference) {
        err << programName() << ": " << reference.errorMessage() << '\n';
        return ExitData;
    }
    auto catalog = session.path();
    if (!catalog) {
        err << programName() << ": " << catalog.errorMessage() << '\n';
        return ExitData;
    }

    HttpClientOptions httpOptions;
    httpOptions.caBundle = parser.value(QStringLiteral("ca-bundle"));
    httpOptions.proxy = parser.value(QStringLiteral("proxy"));
    httpOptions.cacheDir = QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)).filePath(QStringLiteral("http"));
    CurlHttpClient http(httpOptions);

    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);

    std::unique_ptr<LocationSource> location;
    std::unique_ptr<SourceRegistry> registryHolder;
    QList<RefreshJob> jobs;
    if (parser.isSet(QStringLiteral("from"))) {
        location = std::make_unique<LocationSource>(parser.value(QStringLiteral("from")),
                                                    wanted.size() == 1 ? wanted.constFirst() : QString(),
                                                    reference.value());
        if (auto loaded = location->load(http, &g_cancel); !loaded) {
            err << programName() << " refresh: " << loaded.errorMessage() << '\n';
            return ExitData;
        }
        for (const QString &p : location->providers()) {
            if (wanted.isEmpty() || wanted.contains(p) || p == LocationSource::fxProvider())
                jobs.append(RefreshJob{location.get(), p});
        }
    } else {
        auto registry = SourceRegistry::create(sources, reference.value());
        if (!registry) {
            err << programName() << " refresh: " << registry.errorMessage() << '\n';
            return ExitData;
        }
        registryHolder = std::move(registry).value();
        auto planned = registryHolder->jobs(wanted);
        if (!planned) {
            err << programName() << " refresh: --provider: " << planned.errorMessage() << '\n';
            return ExitUsage;
        }
        jobs = planned.value();
    }
    if (jobs.isEmpty()) {
        err << programName() << " refresh: nothing to refresh for --provider " << wanted.join(u',') << '\n';
        return ExitUsage;
    }

    const QString path = catalog.value();
    // One writer at a time: a second refresh (here or in the desktop app) waits for the first.
    db::CatalogWriteLock lock(path);
    const auto waiting = [&](const QString &message) {
        err << programName() << " refresh: " << message << '\n';
        err.flush();
    };
    if (auto s = lock.acquire(std::chrono::seconds(waitSeconds), waiting, &g_cancel); !s) {
        err << programName() << " refresh: " << s.errorMessage() << '\n';
        return ExitData;
    }
    Refresher refresher(http, [path]() -> Result<std::unique_ptr<OfferStore>> {
        auto store = db::SqliteOfferStore::open(path);
        if (!store)
            return store.error();
        return std::unique_ptr<OfferStore>(std::move(store).value());
    });
    ProgressPrinter printer(err, isatty(fileno(stderr)) == 1);
    const auto outcomes = refresher.run(jobs, options, &g_cancel,
                                        [&](const QString &p, const QString &s, qint64 d, qint64 t) { printer.update(p, s, d, t); });
    printer.finish();
    out << summary(outcomes);
    bool allOk = true;
    for (const ProviderOutcome &o : outcomes)
        allOk = allOk && o.status == RefreshStatus::Ok;
    return allOk ? ExitOk : ExitData;
}

} // namespace gpuplanner::cli
