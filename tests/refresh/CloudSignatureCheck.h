#pragma once
// Server-side checks of the Chinese clouds' request signatures for the loopback test servers:
// each request is signed again from what the server received (headers, query, body) with the
// test credentials, as the provider's gateway does, and compared with the one sent. The
// signers themselves are held to the providers' published vectors (SigningVectorsTest).

#include "TestHttpServer.h"

#include "net/sign/AliyunSigner.h"
#include "net/sign/HuaweiSigner.h"
#include "net/sign/Tc3Signer.h"

#include <QRegularExpression>
#include <QUrlQuery>

namespace gpuplanner::tests {

enum class SignatureCheck { Ok, UnknownKey, Mismatch };

inline QList<net::sign::Pair> decodedQuery(const QByteArray &query)
{
    QList<net::sign::Pair> pairs;
    for (const QByteArray &part : query.split('&')) {
        if (part.isEmpty())
            continue;
        const qsizetype eq = part.indexOf('=');
        pairs.append({QByteArray::fromPercentEncoding(part.left(eq)), QByteArray::fromPercentEncoding(eq < 0 ? QByteArray() : part.mid(eq + 1))});
    }
    return pairs;
}

inline QByteArray authField(const QByteArray &authorization, const char *name)
{
    const QRegularExpression re(QStringLiteral("%1=([^, ]+)").arg(QLatin1String(name)));
    return re.match(QString::fromLatin1(authorization)).captured(1).toLatin1();
}

// Tencent TC3-HMAC-SHA256: Credential=<id>/<date>/cvm/tc3_request, SignedHeaders, Signature.
inline SignatureCheck checkTc3(const HttpTestRequest &r, const QByteArray &secretId, const QByteArray &secretKey)
{
    const QByteArray auth = r.headers.value("authorization");
    const QByteArray credential = authField(auth, "Credential");
    if (credential.split('/').value(0) != secretId)
        return SignatureCheck::UnknownKey;
    net::sign::Tc3Request tc3;
    tc3.method = r.method;
    tc3.service = credential.split('/').value(2);
    tc3.query = r.query;
    tc3.payload = r.body;
    tc3.timestamp = r.headers.value("x-tc-timestamp").toLongLong();
    for (const QByteArray &name : authField(auth, "SignedHeaders").split(';'))
        tc3.signedHeaders.append({name, r.headers.value(name)});
    return net::sign::tc3Sign(tc3, secretId, secretKey).authorization == auth ? SignatureCheck::Ok : SignatureCheck::Mismatch;
}

// Alibaba ACS3-HMAC-SHA256: Credential=<id>,SignedHeaders=...,Signature=...
inline SignatureCheck checkAcs3(const HttpTestRequest &r, const QByteArray &keyId, const QByteArray &secret)
{
    const QByteArray auth = r.headers.value("authorization");
    if (authField(auth, "Credential").split(',').value(0) != keyId)
        return SignatureCheck::UnknownKey;
    QList<net::sign::Pair> headers;
    for (const QByteArray &name : authField(auth, "SignedHeaders").split(',').value(0).split(';'))
        headers.append({name, r.headers.value(name)});
    if (r.headers.value("x-acs-content-sha256") != net::sign::sha256Hex(r.body))
        return SignatureCheck::Mismatch;
    const auto s = net::sign::aliyunAcs3Sign(r.method, r.path, decodedQuery(r.query), headers, r.body, keyId, secret);
    return s.authorization == auth ? SignatureCheck::Ok : SignatureCheck::Mismatch;
}

// Huawei SDK-HMAC-SHA256: Access=<ak>, SignedHeaders=..., Signature=...
inline SignatureCheck checkHuawei(const HttpTestRequest &r, const QByteArray &ak, const QByteArray &sk)
{
    const QByteArray auth = r.headers.value("authorization");
    if (authField(auth, "Access") != ak)
        return SignatureCheck::UnknownKey;
    QList<net::sign::Pair> headers;
    for (const QByteArray &name : authField(auth, "SignedHeaders").split(';'))
        headers.append({name, r.headers.value(name)});
    const auto s = net::sign::huaweiSdkSign(r.method, r.path, decodedQuery(r.query), headers, r.body, ak, sk);
    return s.authorization == auth ? SignatureCheck::Ok : SignatureCheck::Mismatch;
}

} // namespace gpuplanner::tests
