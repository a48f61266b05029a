#pragma once
// A real catalog file (a copy of the embedded seed), a libcurl client and a loopback HTTP
// server for refresh tests: sources fetch from the server, the Refresher stores each provider.

#include "TestHttpServer.h"
#include "db/SeedCatalog.h"

#include "db/Database.h"
#include "db/SqliteOfferStore.h"
#include "net/http/CurlHttpClient.h"
#include "net/refresh/Refresher.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace gpuplanner::tests {

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
    return f.readAll();
}

// A file of tests/data/api (the providers' formats, see the SOURCE.md files there).
inline QByteArray apiFixture(const char *relative)
{
    return readFile(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/api/") + QLatin1String(relative));
}

inline HttpTestReply csvReply(const QByteArray &body)
{
    HttpTestReply r;
    r.body = body;
    r.contentType = "text/csv";
    return r;
}

class RefreshFixture : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_catalog = copySeedCatalog(m_dir.path());
        auto reference = core::loadSeedMetadata(QStringLiteral(":/reference"));
        ASSERT_TRUE(reference.ok());
        m_reference = reference.value();
        net::HttpClientOptions options;
        options.minHostIntervalMs = 0;
        options.maxAttempts = 2;
        options.baseBackoffMs = 1;
        m_http = std::make_unique<net::CurlHttpClient>(options);
    }

    net::OfferStoreFactory stores()
    {
        const QString path = m_catalog;
        return [path]() -> core::Result<std::unique_ptr<core::OfferStore>> {
            auto store = db::SqliteOfferStore::open(path);
            if (!store)
                return store.error();
            return std::unique_ptr<core::OfferStore>(std::move(store).value());
        };
    }

    qint64 scalar(const QString &sql)
    {
        auto db = db::Database::open(m_catalog, db::OpenMode::ReadOnly);
        EXPECT_TRUE(db.ok());
        auto v = db.value()->scalar(sql);
        EXPECT_TRUE(v.ok()) << v.errorMessage().toStdString();
        return v.ok() ? v.value() : -1;
    }

    qint64 providerOffers(const char *provider)
    {
        return scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = "
                                     "o.instance_type_id WHERE it.provider_id = '%1'")
                          .arg(QString::fromLatin1(provider)));
    }

    QList<net::ProviderOutcome> refresh(core::PriceSource &source, const QStringList &providers,
                                        net::RefreshOptions options = {}, const std::atomic_bool *cancel = nullptr)
    {
        QList<net::RefreshJob> jobs;
        for (const QString &p : providers)
            jobs.append(net::RefreshJob{&source, p});
        net::Refresher refresher(*m_http, stores());
        return refresher.run(jobs, options, cancel);
    }

    static inline net::CurlGlobal s_curl;
    QTemporaryDir m_dir;
    QString m_catalog;
    core::SeedMetadata m_reference;
    std::unique_ptr<net::CurlHttpClient> m_http;
    TestHttpServer m_server;
};

} // namespace gpuplanner::tests
