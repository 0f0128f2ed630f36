class AuthorResource < JSONAPI::Resource
end
